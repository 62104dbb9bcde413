import { describe, expect, it } from 'vitest';
import { dashboardLink } from './dashboard-link';

describe('dashboardLink [product: HEAD-2, SET-33, SET-12]', () => {
  it('carries the default view and the refresh choice as query parameters', () => {
    const link = dashboardLink('https://dash.example/', {
      defaultDashboard: 'alerts',
      autoRefresh: true,
      refreshInterval: '1m',
    });
    expect(link).toBe('https://dash.example/?view=alerts&autoRefresh=true&refreshInterval=1m');
  });

  it('sends no refresh interval while auto refresh is off', () => {
    const link = dashboardLink('https://dash.example/home?team=7', {
      defaultDashboard: 'devices',
      autoRefresh: false,
      refreshInterval: '15s',
    });
    expect(new URL(link).searchParams.get('team')).toBe('7');
    expect(new URL(link).searchParams.get('view')).toBe('devices');
    expect(new URL(link).searchParams.get('autoRefresh')).toBe('false');
    expect(new URL(link).searchParams.has('refreshInterval')).toBe(false);
  });

  it('is the plain address when no preferences are known', () => {
    expect(dashboardLink('https://dash.example', null)).toBe('https://dash.example');
  });
});
