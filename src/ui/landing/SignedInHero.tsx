import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { greetingName } from '../../../contract/names';
import { organizationName } from '../../../contract/organization';
import { createdAtMs, memberSinceAs } from '../../../contract/time';
import { greetingAt } from '../../domain/greeting';
import { paths } from '../../domain/pages';
import { planLabel } from '../../domain/plans';
import { trialBadge, trialDaysLeft, trialEndMs } from '../../domain/trial';
import { selectIsOpening } from '../../machines/dashboard-link';
import {
  selectLookingUpTrial,
  selectSubscriptionStatus,
  selectTrialEndsAt,
  selectTrialKnown,
} from '../../machines/landing-account';
import type { SessionUser } from '../../machines/session';
import { useDashboardLink, useUserSettings } from '../shell/account-hooks';
import { useFlow } from '../use-flow';
import { buttonClassName, LandingButton } from './LandingButton';
import classes from './LandingPage.module.css';

const accountBadges = ['Account Active', 'Full Access', 'Founding Member'] as const;

/**
 * The signed-in customer's hero [product: LAND-10, LAND-11, LAND-12, LAND-13, LAND-15, NAME-2, NAME-4]: the trial badge, the
 * greeting with the first name, plan, member-since date and organization, and the way to the dashboard and the
 * account. Loaded on demand: only a signed-in customer ever sees it.
 */
export default function SignedInHero({ user }: { user: SessionUser }) {
  const account = useFlow('landingAccount');
  const settings = useUserSettings();
  const lookingUpTrial = useSelector(account, selectLookingUpTrial);
  const trialKnown = useSelector(account, selectTrialKnown);
  const trialEndsAt = useSelector(account, selectTrialEndsAt);
  const subscriptionStatus = useSelector(account, selectSubscriptionStatus) ?? user.subscription_status;
  // The same flow as the header's Dashboard: the tab is reserved at the click, then sent to the dashboard with the
  // user's monitoring preferences once the identity call has answered [product: LAND-12, HEAD-3].
  const dashboardLink = useDashboardLink();
  const dashboard = useFlow('dashboardLink');
  const openingDashboard = useSelector(dashboard, selectIsOpening);

  // A failed lookup leaves the days unset: the badge then reads 'Active Member' [product: MSG-SILENT-2].
  const trialEnd = trialKnown
    ? trialEndMs({ trialEndsAt, subscriptionStatus, createdAt: createdAtMs(user) })
    : null;
  const daysLeft = trialEnd === null ? null : trialDaysLeft(trialEnd, Date.now());

  return (
    <div className={classes.heroText}>
      {/* While the lookup runs the badge keeps its place but is neither seen nor read: a trial customer would
          otherwise read 'Active Member' for a moment before their days. */}
      <p className={classes.banner} aria-busy={lookingUpTrial || undefined}>
        <span className={classes.bannerBadge} style={lookingUpTrial ? { visibility: 'hidden' } : undefined}>
          {trialBadge(daysLeft)}
        </span>
        <span>Thanks for building Beacon RMM with us</span>
      </p>
      <h1 id="hero-title" className={classes.heroTitle}>
        {greetingAt(new Date())}, {greetingName(user)}
      </h1>
      <dl className={classes.accountFacts}>
        <div>
          <dt>Plan</dt>
          <dd>
            <span className={classes.planBadge}>{planLabel(user.plan)}</span>
          </dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{memberSinceAs(user, settings)}</dd>
        </div>
        <div>
          <dt>Organization</dt>
          <dd>{organizationName(user)}</dd>
        </div>
      </dl>
      <div className={classes.heroActions}>
        <LandingButton
          size="lg"
          disabled={!dashboardLink || openingDashboard}
          aria-busy={openingDashboard || undefined}
          onClick={() => dashboardLink && dashboard.send({ type: 'dashboard.open', link: dashboardLink })}
        >
          Open Dashboard
        </LandingButton>
        <Link to={paths.profile} className={buttonClassName({ size: 'lg', variant: 'default' })}>
          Manage Account
        </Link>
      </div>
      <ul className={classes.chips} aria-label="Account status">
        {accountBadges.map((badge) => (
          <li key={badge}>{badge}</li>
        ))}
      </ul>
    </div>
  );
}
