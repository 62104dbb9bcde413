/** Marks of a password-recovery link in the query or the hash (SPEC section 2). */
function carriesRecoveryMarker(searchStr: string, hash: string): boolean {
  return [new URLSearchParams(searchStr), new URLSearchParams(hash.replace(/^#/, ''))].some(
    (params) => params.get('type') === 'recovery' || params.has('token') || params.has('token_hash'),
  );
}

/** The query and hash to carry to /Reset when the address is a recovery link, so the page can use its tokens. */
export function recoveryLinkSuffix(location: { searchStr: string; hash: string }): string | null {
  const hash = location.hash ? `#${location.hash}` : '';
  return carriesRecoveryMarker(location.searchStr, location.hash) ? `${location.searchStr}${hash}` : null;
}
