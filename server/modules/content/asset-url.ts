import { buildPath } from '../../../common/routes';
import { apiRouteTable } from '../../http/api-routes';

/** Where a content image is served: the API's own route, so nginx proxies it like the other API files. */
export const assetUrl = (assetId: string): string => buildPath(apiRouteTable.contentImage.path, { id: assetId });
