/**
 * @testing-library/react for the mutation run's node copies of the model tests (vitest.mutation.config.ts,
 * project `model-paths`): the model tests use it in their views only, which that project does not replay. Each
 * query fails, naming itself, should a view part ever run there.
 */
const domOnly = (name: string) => () => {
  throw new Error(`@testing-library/react's ${name} needs the DOM project (model-view), not model-paths.`);
};

export const screen = new Proxy({}, { get: (_target, query) => domOnly(`screen.${String(query)}`) });
export const within = domOnly('within');
export const fireEvent = domOnly('fireEvent');
export const waitFor = domOnly('waitFor');
export const render = domOnly('render');
export const configure = domOnly('configure');
export const getConfig = domOnly('getConfig');
