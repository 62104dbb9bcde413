import * as React from 'react';

/*
 * React's development build (the one `act` needs) captures a stack, `new Error()`, for every element it creates, to
 * print "owner stacks" under its warnings. The model replays render the app hundreds of times: those captures were
 * about a tenth of their CPU (docs/testing.md, "The coverage table", budget). Here React is told its quota of
 * owner stacks is always used up, so it records none; its warnings still print, with component stacks but without
 * owner stacks. Only the model-view project loads this file; the ui tests keep owner stacks.
 */
const internals = (React as unknown as Record<string, unknown>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as Record<string, unknown> | undefined;
if (internals && typeof internals.recentlyCreatedOwnerStacks === 'number') {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.POSITIVE_INFINITY,
    set: () => {},
  });
}
