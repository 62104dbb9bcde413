import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  type BillingInterval,
  PLAN_LIST,
  type PlanDetails,
  type PlanId,
} from '../../../contract/plan-catalogue';
import { paths } from '../../domain/pages';
import { currentPlanOf, devicesText, isCurrentPlan } from '../../domain/plans';
import { ANNUAL_SAVINGS_LABEL, formatUsd, planPrice } from '../../domain/prices';
import type { SignupChoice } from '../../domain/signup-choice';
import type { Chooser } from '../../machines/pricing-action';
import { selectIsBusy, selectPendingPlan } from '../../machines/pricing-action-selectors';
import { selectIsLoadingUser, selectOnboardingRequired, selectUser } from '../../machines/session-selectors';
import { useSessionValue } from '../app-context';
import { buttonClassName, LandingButton } from './LandingButton';
import classes from './LandingPage.module.css';
import { scrollToSection, sectionIds } from './scroll';
import { useFlowValue, useLandingFlow } from './use-landing-flow';

/** The card that stands out until the visitor picks another: the founders' offer. */
const FEATURED_PLAN: PlanId = 'pro';

/**
 * The pricing section [product: LAND-20, LAND-21, LAND-22, LAND-23, LAND-37, PLAN]: a monthly/annual switch, the three plans with prices
 * from the domain's rules, the selected card scaled up, the current plan marked only when plan and interval both
 * match, and each card's button handing the choice to the pricingAction flow.
 */
export function PricingSection({ openSignup }: { openSignup: (choice: SignupChoice) => void }) {
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  const [selected, setSelected] = useState<PlanId>(FEATURED_PLAN);
  const user = useSessionValue(selectUser, null);
  const onboardingRequired = useSessionValue(selectOnboardingRequired, false);
  const chooser: Chooser = !user ? 'visitor' : onboardingRequired ? 'needsOnboarding' : 'customer';
  // One value per user, so the flow hears of the session once each time it has checked.
  const current = useMemo(() => currentPlanOf(user), [user]);

  const scrollToContact = useCallback(() => scrollToSection(sectionIds.contact), []);
  const pricing = useLandingFlow('pricingAction', {
    on: { 'signup.open': ({ choice }) => openSignup(choice), 'contact.scroll': scrollToContact },
  });
  const busy = useFlowValue(pricing.actor, selectIsBusy, false);
  const pendingPlan = useFlowValue(pricing.actor, selectPendingPlan, null);
  // Who is choosing is known once the session has checked the user; a choice made before waits for it in the flow
  // [product: LAND-46], which hears each time the session has checked.
  const sessionSettled = useSessionValue((snapshot) => !selectIsLoadingUser(snapshot), false);
  const { send } = pricing;
  useEffect(() => {
    if (sessionSettled) send({ type: 'session.known', chooser, current });
  }, [sessionSettled, chooser, current, send]);

  return (
    <section id={sectionIds.pricing} aria-labelledby="pricing-title" className={classes.section}>
      {pricing.host}
      <div className={classes.container}>
        <header className={classes.sectionHeader}>
          <p className={classes.eyebrow}>Pricing</p>
          <h2 id="pricing-title" className={classes.sectionTitle}>
            Simple pricing that grows with your fleet
          </h2>
          <p className={classes.sectionLead}>
            Every plan starts with a 14-day free trial. No card during the beta.
          </p>
        </header>
        <fieldset className={classes.intervalSwitch}>
          <legend className={classes.visuallyHidden}>Billing interval</legend>
          {(['monthly', 'annual'] as const).map((option) => (
            <label
              key={option}
              className={classes.intervalOption}
              data-checked={interval === option || undefined}
            >
              <input
                type="radio"
                name="billing-interval"
                value={option}
                checked={interval === option}
                onChange={() => setInterval(option)}
              />
              {option === 'monthly' ? 'Monthly' : 'Annual'}
              {option === 'annual' && <span className={classes.saveBadge}>{ANNUAL_SAVINGS_LABEL}</span>}
            </label>
          ))}
        </fieldset>
        <ul className={classes.planGrid}>
          {PLAN_LIST.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              selected={selected === plan.id}
              current={isCurrentPlan({ plan: plan.id, interval }, current)}
              subscribed={current !== null}
              busy={busy}
              pending={pendingPlan === plan.id}
              onSelect={() => setSelected(plan.id)}
              onChoose={() => {
                setSelected(plan.id);
                send({
                  type: 'plan.choose',
                  plan: plan.id,
                  interval,
                  chooser: sessionSettled ? chooser : 'unknown',
                });
              }}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

interface PlanCardProps {
  plan: PlanDetails;
  interval: BillingInterval;
  selected: boolean;
  current: boolean;
  /** The customer has a subscription already: the cards offer a change, not a trial. */
  subscribed: boolean;
  busy: boolean;
  pending: boolean;
  onSelect: () => void;
  onChoose: () => void;
}

function PlanCard({
  plan,
  interval,
  selected,
  current,
  subscribed,
  busy,
  pending,
  onSelect,
  onChoose,
}: PlanCardProps) {
  const price = planPrice(plan.id, interval);
  const titleId = `plan-${plan.id}`;
  const isBusiness = plan.id === 'business';

  return (
    // Selecting a card (pointer or keyboard focus inside it) scales it up [product: LAND-21].
    <li
      className={classes.planCard}
      data-selected={selected || undefined}
      data-current={current || undefined}
      onPointerDown={onSelect}
      onFocus={onSelect}
    >
      {current && <span className={classes.currentBadge}>Current Plan</span>}
      <h3 id={titleId} className={classes.planName}>
        {plan.label}
      </h3>
      <p className={classes.planPrice}>
        <strong>{formatUsd(price.perMonth)}</strong>
        <span className={classes.planPer}>/month</span>
      </p>
      <p className={classes.planBilling}>
        {interval === 'annual' ? `Billed ${formatUsd(price.charged)} yearly` : 'Billed monthly'}
      </p>
      <ul className={classes.planFeatures}>
        <li>{devicesText(plan)}</li>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {current ? (
        // The plan the customer has: its card leads to where it is managed, never to a trial [product: LAND-42].
        <Link
          to={paths.billing}
          className={buttonClassName({ fullWidth: true, variant: selected ? 'filled' : 'default' })}
          aria-describedby={titleId}
        >
          Manage Plan
        </Link>
      ) : (
        <LandingButton
          fullWidth
          variant={selected ? 'filled' : 'default'}
          disabled={busy}
          aria-busy={pending || undefined}
          onClick={onChoose}
          aria-describedby={titleId}
        >
          {pending
            ? 'Please wait...'
            : isBusiness
              ? 'Contact Sales'
              : subscribed
                ? 'Switch Plan'
                : 'Start Free Trial'}
        </LandingButton>
      )}
    </li>
  );
}
