import { createHttpHandler } from '../middleware/http-handler';
import { deleteImageOf, getImageOf, listImages, renameImageOf, uploadImage } from '../services/image-service';

export const handler = createHttpHandler('images', {
  listImages: ({ caller }) => listImages(caller),
  getImage: ({ caller, params }) => getImageOf(caller, params.id),
  uploadImage: ({ caller, body }) => uploadImage(caller, body),
  renameImage: ({ caller, body }) => renameImageOf(caller, body._id, body.name),
  deleteImage: ({ caller, params }) => deleteImageOf(caller, params.id),
});
