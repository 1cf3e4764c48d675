import { mayCall } from '@pruefbuch/domain/access';
import { toPrincipal, useSession } from './session';

/**
 * Whether the signed-in user may add a defect photo: it is uploaded as a blob of the book (POST blobs, access
 * 'documents:write'). The warehouse writes records but uploads no files, so it is offered no camera that the server
 * would refuse.
 */
export function useMayAddPhotos(): boolean {
  const principal = toPrincipal(useSession().session);
  return !!principal && mayCall('documents:write', principal);
}
