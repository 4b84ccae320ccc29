// The review module's public surface: what other modules, the plugins and the app may use.
export { default as reviewQueuesPlugin } from './review-queues.plugin';
export { default as reviewRoutes } from './review.routes';
export { decisionResponse } from './review.schemas';
export { decide, decideIn } from './review.service';
export { AWAITING_SECOND_APPROVAL, type Decision, type DecisionContext, type DecisionResult, type ReviewItem, type ReviewKind } from './review.types';
export { type TimelineEntry, firstApprover, recordStatusEvent, timeline, timelines } from './status-events.queries';
