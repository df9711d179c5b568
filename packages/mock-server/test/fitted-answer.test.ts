import { describe, expect, it } from 'vitest';
import { fitAnswer } from '../src/fitted-answer.js';

// A Response Object with both rules: the answer keeps the sent `tag` and lists only the runs the query allows.
const response = {
  description: 'runs',
  'x-echoes': [{ request: '/tag', response: '/tag', present: true, equal: true }],
  'x-filters': {
    items: '/runs',
    conditions: [{ parameter: 'status', field: '/status', match: 'equals' }],
  },
};
const example = {
  tag: 'example',
  runs: [
    { id: 1, status: 'active' },
    { id: 2, status: 'archived' },
  ],
};

describe('fitAnswer (the mocks answer as the checker judges)', () => {
  it('echoes what the request sent and keeps the items its query allows', () => {
    expect(fitAnswer(response, { tag: 'sent' }, '/runs?status=archived', example)).toEqual({
      tag: 'sent',
      runs: [{ id: 2, status: 'archived' }],
    });
  });

  it('serves the example as it is when the response has no rule, or the request asks nothing of it', () => {
    expect(fitAnswer({ description: 'plain' }, { tag: 'sent' }, '/runs?status=archived', example)).toBe(
      example,
    );
    expect(fitAnswer(response, 'not json', '/runs', example)).toEqual(example);
  });
});
