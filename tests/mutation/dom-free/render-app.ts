/**
 * tests/ui/render-app.tsx for the mutation run's node copies of the model tests (vitest.mutation.config.ts,
 * project `model-paths`): the same fixtures, and no app. Those copies take the machines' paths only; rendering
 * belongs to the DOM project, so anything here that would render fails, naming itself.
 */
export { aUser, deferred, fakeTab, noServerSession, signedIn } from '../../ui/app-fixtures';

const domOnly = (name: string) => () => {
  throw new Error(`${name} renders the app: it runs in the DOM project (model-view), not in model-paths.`);
};

export const renderApp = domOnly('renderApp');
export const renderLoadedApp = domOnly('renderLoadedApp');
export const createTestRoot = domOnly('createTestRoot');
