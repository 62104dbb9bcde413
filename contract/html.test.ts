import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('leaves no markup, entity or attribute quote a user typed live in a page', () => {
    expect(escapeHtml(`</script><img src=x onerror="alert('1')"> & co`)).toBe(
      '&lt;/script&gt;&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; co',
    );
  });

  it('keeps every other character as typed', () => {
    expect(escapeHtml('Zoë Müller $1 {{beacon-card:name}}\\')).toBe('Zoë Müller $1 {{beacon-card:name}}\\');
  });
});
