// The public address of a follow-up photo stored in the points' bucket (point_photos.storage_path).
import { publicUrlOf } from '../data/outboxRepository';

export const photoUrlOf = (storagePath: string): string => publicUrlOf(storagePath);
