/**
 * Which published release a visitor's Host is served from (#platform/services/host-map): on AWS the CloudFront
 * KeyValueStore the host-router function reads (./aws/host-map.ts), locally the `_hostmap/`
 * objects of the sites bucket the local edge reads (./local/host-map.ts).
 */
export type { HostMap, HostTarget } from '#platform/services/host-map'
