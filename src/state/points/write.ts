// The form's fresh read of one point, and the fields its conflict dialog compares. Every change of a point goes
// through the outbox (../offline/offlineActions → ../offline/replay): docs/architecture.md#where-a-point-is-written.
import { loadPointDetails } from '../pointDetails';

/** The editable fields compared field by field on a conflict. */
export const POINT_CONFLICT_FIELDS = ['name', 'description', 'kilometer', 'ticketNumber', 'status', 'criticality', 'teamId', 'imageUrl'] as const;

/** Fresh details of one point from the server (used when its form opens; nothing kept once its session ended). */
export const fetchOnePoint = loadPointDetails;
