import { CollaborationRequest, CollaborationResponse } from '@beatroom/shared/collaborations-contract';
import { listener, producer } from '../../../test/fixtures';

let sequence = 0;
const nextId = () => `cccccccc-0000-4000-8000-${String((sequence += 1)).padStart(12, '0')}`;

/** A request as the API answers it, parsed by the shared contract: by the producer, open. */
export function makeRequest(overrides: Partial<CollaborationRequest> = {}): CollaborationRequest {
  return CollaborationRequest.parse({
    id: nextId(),
    title: 'Need a hook singer',
    description: 'Dark trap beat, looking for a melodic hook.',
    request_type: 'vocalist_needed',
    skill_level: 'intermediate',
    genre: 'Trap',
    mood: 'Dark',
    beat_id: null,
    beat_title: null,
    beat_cover_image_key: null,
    budget_min: 100,
    budget_max: 500,
    deadline_date: '2026-12-31T23:59:59.999Z',
    requester_user_id: producer.id,
    requester_name: 'Nova Beats',
    requester_avatar: null,
    response_count: 2,
    status: 'open',
    closed_at: null,
    created_at: '2026-11-26T10:00:00.000Z',
    current_user_response_id: null,
    ...overrides,
  });
}

/** A response by the listener, pending. */
export function makeResponse(overrides: Partial<CollaborationResponse> = {}): CollaborationResponse {
  return CollaborationResponse.parse({
    id: nextId(),
    request_id: nextId(),
    user_id: listener.id,
    user_name: 'Fan Tastic',
    user_avatar: null,
    message: 'I can sing this',
    recording: null,
    beat: null,
    status: 'pending',
    session_code: null,
    created_at: '2026-11-26T11:00:00.000Z',
    ...overrides,
  });
}
