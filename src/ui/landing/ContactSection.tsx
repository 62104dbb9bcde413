import { lazy, useState } from 'react';
import type { ContactErrors, ContactField } from '../../machines/contact';
import {
  selectErrors,
  selectIsSending,
  selectIsSent,
  selectSendError,
} from '../../machines/contact-selectors';
import { LandingButton } from './LandingButton';
import classes from './LandingPage.module.css';
import { StaticIsland } from './StaticIsland';
import { sectionIds } from './scroll';
import { useFlowValue, useLandingFlow } from './use-landing-flow';

const ContactDetails = lazy(() => import('./content').then((module) => ({ default: module.ContactDetails })));

/** What the visitor types, every field a string (the form always has all four). */
const emptyForm: Record<ContactField, string> = { name: '', email: '', company: '', message: '' };
const noErrors: ContactErrors = {};

/**
 * The contact section [product: LAND-24, LAND-25, LAND-34]: the placeholder details, and the form that the
 * contact flow checks and sends. Plain inputs styled by the page's CSS keep Mantine's input code out of the
 * first load; every field has a visible label and its error is tied to it.
 */
export function ContactSection() {
  const [values, setValues] = useState(emptyForm);
  const contact = useLandingFlow('contact');
  const errors = useFlowValue(contact.actor, selectErrors, noErrors);
  const sending = useFlowValue(contact.actor, selectIsSending, false);
  const sent = useFlowValue(contact.actor, selectIsSent, false);
  const sendError = useFlowValue(contact.actor, selectSendError, null);

  const field = (name: ContactField, label: string, options: { type?: string; optional?: boolean } = {}) => {
    const id = `contact-${name}`;
    const error = errors[name];
    const props = {
      id,
      name,
      value: values[name],
      onChange: (event: { currentTarget: { value: string } }) => {
        const { value } = event.currentTarget;
        setValues((previous) => ({ ...previous, [name]: value }));
      },
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      required: !options.optional,
      // Nothing to change while the message is on its way.
      disabled: sending,
      className: classes.input,
    };
    return (
      <div className={classes.field}>
        <label htmlFor={id}>
          {label}
          {options.optional && <span className={classes.optional}> (optional)</span>}
        </label>
        {name === 'message' ? (
          <textarea {...props} rows={5} />
        ) : (
          <input {...props} type={options.type ?? 'text'} autoComplete={autoComplete[name]} />
        )}
        {error && (
          <p id={`${id}-error`} className={classes.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section id={sectionIds.contact} aria-labelledby="contact-title" className={classes.sectionTinted}>
      {contact.host}
      <div className={classes.container}>
        <header className={classes.sectionHeader}>
          <p className={classes.eyebrow}>Contact</p>
          <h2 id="contact-title" className={classes.sectionTitle}>
            See Beacon RMM on your own fleet
          </h2>
        </header>
        <div className={classes.contactGrid}>
          <StaticIsland name="contact-details" content={ContactDetails} className={classes.contactDetails} />
          <div className={classes.contactCard}>
            {sent ? (
              <div role="status" className={classes.sent}>
                <p className={classes.sentTitle}>Message Sent Successfully!</p>
                <p>{"We'll get back to you within 24 hours."}</p>
              </div>
            ) : (
              <form
                noValidate
                aria-label="Contact us"
                onSubmit={(event) => {
                  event.preventDefault();
                  contact.send({ type: 'form.submit', values });
                }}
              >
                <div className={classes.fieldRow}>
                  {field('name', 'Name')}
                  {field('email', 'Email', { type: 'email' })}
                </div>
                {field('company', 'Company', { optional: true })}
                {field('message', 'Message')}
                {sendError && (
                  <p role="alert" className={classes.fieldError}>
                    {sendError}
                  </p>
                )}
                <LandingButton type="submit" size="md" disabled={sending}>
                  {sending ? 'Sending...' : 'Send Message'}
                </LandingButton>
              </form>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

const autoComplete: Record<Exclude<ContactField, 'message'>, string> = {
  name: 'name',
  email: 'email',
  company: 'organization',
};
