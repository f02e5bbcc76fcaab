/**
 * The headers the edge (infra/lib/edge.ts: CloudFront, or the local web server that plays it) adds
 * to what it sends the REST API, over any header of the same name the viewer sent. The API counts
 * the public account routes' abuse limits for the viewer's address only when the origin secret is
 * right (functions/src/middleware/source-address.ts).
 */

/** The origin secret (Secrets Manager, generated at deploy time): CloudFront's custom origin header, never seen by viewers. */
export const ORIGIN_SECRET_HEADER = 'x-wattwise-origin';

/**
 * CloudFront's header of the viewer's address and source port, as CloudFront sees the connection:
 * `198.51.100.10:46532`, IPv6 with or without brackets (`[2001:db8::1]:46532`, `2001:db8::1:46532`).
 */
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';
