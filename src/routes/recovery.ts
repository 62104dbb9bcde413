import { hasRecoveryMarker } from '../domain/address';

/** The query and hash to carry to /Reset when the address is a recovery link, so the page can use its tokens. */
export function recoveryLinkSuffix(location: { searchStr: string; hash: string }): string | null {
  const suffix = `${location.searchStr}${location.hash ? `#${location.hash}` : ''}`;
  return hasRecoveryMarker(suffix) ? suffix : null;
}
