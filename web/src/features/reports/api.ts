import { CreatedReport, type CreateReportBody } from '@beatroom/shared/admin-contract';
import { apiClient } from '../../lib/api-client';

/** POST /api/reports: a member reports a beat, a review or a profile (once each). */
export const createReport = (body: CreateReportBody) =>
  apiClient.post('/api/reports', { body, schema: CreatedReport });
