import { okResponse } from '../../common/route-schemas';

/** The answer to an approve or reject of any review queue (review.service.ts `decide`). */
export const decisionResponse = okResponse({
  status: { type: 'string' },
  awaitingSecondApproval: { type: 'boolean', description: 'A first approval of an item above the four-eyes threshold' },
});
