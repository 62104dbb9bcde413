import { contactMachine } from '../machines/contact';
import { landingAccountMachine } from '../machines/landingAccount';
import { landingAddressMachine } from '../machines/landingAddress';
import { pricingActionMachine } from '../machines/pricingAction';
import { sessionMachine } from '../machines/session';
import { signInMachine } from '../machines/signIn';
import type { FlowDeps } from '../services/flow-deps';
import {
  contactImplementations,
  landingAccountImplementations,
  landingAddressImplementations,
  pricingActionImplementations,
} from '../services/landing-actors';
import { sessionImplementations } from '../services/session-actors';
import { signInImplementations } from '../services/sign-in-actors';
import type { Flows } from '../ui/app-context';

/**
 * Every flow of the app with its actors, actions and delays provided: one line per flow. A chunk of its own
 * (with xstate and the machines), loaded by the composition root right after the landing page's first paint.
 */
export function createFlows(deps: FlowDeps): Flows {
  return {
    session: sessionMachine.provide(sessionImplementations(deps)),
    signIn: signInMachine.provide(signInImplementations(deps)),
    landingAddress: landingAddressMachine.provide(landingAddressImplementations(deps)),
    pricingAction: pricingActionMachine.provide(pricingActionImplementations(deps)),
    contact: contactMachine.provide(contactImplementations(deps)),
    landingAccount: landingAccountMachine.provide(landingAccountImplementations(deps)),
  };
}
