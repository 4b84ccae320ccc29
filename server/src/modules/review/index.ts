// The one staff review queue: each product registers a ReviewKind, and the queue owns states, four eyes, history,
// audit and mail for all of them.
export { default as reviewQueuesPlugin } from './review-queues.plugin';
export { default as reviewRoutes } from './review.routes';
export { decisionResponse } from './review.schemas';
export { decide, decideIn } from './review.service';
export { AWAITING_SECOND_APPROVAL, type Decision, type DecisionContext, type DecisionResult, type ReviewItem, type ReviewKind } from './review.types';
export { type TimelineEntry, firstApprover, recordStatusEvent, timeline, timelines } from './status-events.queries';
