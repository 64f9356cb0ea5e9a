// What a generated report view holds: the request, the plan of point indices, the typed-array index
// it refers to, the zones the plan's zone numbers point into, and a bounded cache of row details fetched on demand.
import type { ReportPlan } from '../../core/report/plan';
import type { ReportPointIndex } from '../../core/report/reportIndex';
import type { CriticalityLevel, ReportRequest, Team, Zone } from '../../core/types';
import type { DetailsCache } from '../../state/reportDetails';

export interface ReportSession {
  request: ReportRequest;
  plan: ReportPlan;
  index: ReportPointIndex;
  zones: readonly Zone[];
  levels: readonly CriticalityLevel[];
  teams: readonly Team[];
  generatedAt: Date;
  details: DetailsCache;
}
