import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactedUrl } from '../../../src/api/http/redacted-url.js';

test('a stream token in a URL is redacted for logs, however its name is spelt', () => {
  const cases: Array<[string, string]> = [
    ['/api/v1/football/matches?limit=5', '/api/v1/football/matches?limit=5'],
    ['/api/v1/health', '/api/v1/health'],
    ['/s?token=st1.a.b', '/s?token=REDACTED'],
    [
      '/s?match_id=match_a&token=st1.a.b&last_event_id=4',
      '/s?match_id=match_a&token=REDACTED&last_event_id=4',
    ],
    ['/s?%74oken=st1.a.b', '/s?%74oken=REDACTED'],
    ['/s?TOKEN=st1.a.b', '/s?TOKEN=REDACTED'],
    ['/s?token', '/s?token=REDACTED'],
    ['/s?token=a&token=b', '/s?token=REDACTED&token=REDACTED'],
    ['/s?tokens=a&q=%E0%A4', '/s?tokens=a&q=%E0%A4'],
    ['/s?q=token', '/s?q=token'],
  ];
  for (const [url, logged] of cases) assert.equal(redactedUrl(url), logged, url);
});
