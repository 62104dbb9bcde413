import type { ButtonHTMLAttributes } from 'react';
import classes from './LandingButton.module.css';

export type ButtonVariant = 'filled' | 'default' | 'subtle';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string | undefined;
}

/** The class names of a landing-page button, also for links that look like one. */
export function buttonClassName({ variant = 'filled', size = 'sm', fullWidth, className }: ButtonLook = {}) {
  return [
    classes.button,
    classes[variant],
    size === 'sm' ? '' : classes[size],
    fullWidth ? classes.full : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

/** A native button in the landing page's look: keyboard and screen readers get the platform's own button. */
export function LandingButton({
  variant,
  size,
  fullWidth,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook) {
  return (
    <button type={type} className={buttonClassName({ variant, size, fullWidth, className })} {...props} />
  );
}
