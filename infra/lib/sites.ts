import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ORIGIN_VERIFY_HEADER } from '@swipe/functions/edge/origin-headers'
import { API_BASE_PATH } from '@swipe/shared/contract/routes'
import { Duration, Fn } from 'aws-cdk-lib'
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2'
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager'
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  KeyValueStore,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront'
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import type { StageConfig } from './config.ts'
import { acknowledgeDistribution } from './distribution-nag.ts'
import { SITE_CSP, SITE_PERMISSIONS_POLICY } from './sites/headers.ts'

/** The CloudFront Function source of the API behaviour: names the viewer in `X-Viewer-Address`. */
export const VIEWER_ADDRESS_SOURCE = join(
  fileURLToPath(new URL('.', import.meta.url)),
  'sites',
  'viewer-address.js',
)

/** The CloudFront Function source: host → site prefix through the KeyValueStore. */
export const HOST_ROUTER_SOURCE = join(
  fileURLToPath(new URL('.', import.meta.url)),
  'sites',
  'host-router.js',
)

/** The CloudFront Function source of the pages' viewer response: sets an experiment's visitor-key cookie. */
export const VARIANT_COOKIE_SOURCE = join(
  fileURLToPath(new URL('.', import.meta.url)),
  'sites',
  'variant-cookie.js',
)

export interface SitesProps {
  config: StageConfig
  /** Published pages, written by the publisher as `<prefix>/<path>`. */
  bucket: IBucket
  logs: IBucket
}

/**
 * Delivery of published sites (ARCHITECTURE "One picture"): one distribution for every site, a
 * viewer-request function that maps the Host header to the site's prefix through a
 * KeyValueStore the publisher maintains, and the API under the same origin once `routeApi` is called.
 */
export class Sites extends Construct {
  readonly distribution: Distribution
  /** host → prefix; written by the publisher (`SITES_KVS_ARN`), read at the edge. */
  readonly hostMap: KeyValueStore
  /** The pages' viewer-response function: an experiment visitor's new key as a cookie (issue 34). */
  readonly variantCookie: EdgeFunction
  readonly hostRouter: EdgeFunction
  /** The security headers of every published page (CSP and friends). */
  readonly securityHeaders: ResponseHeadersPolicy
  /** Published pages' cache policy; the custom domains' distribution shares it (infra/lib/domains.ts). */
  readonly pageCache: CachePolicy
  /** The API answers' headers (set by `routeApi`); the custom domains' distribution shares it. */
  apiHeaders?: ResponseHeadersPolicy

  constructor(scope: Construct, id: string, { config, bucket, logs }: SitesProps) {
    super(scope, id)
    this.hostMap = new KeyValueStore(this, 'HostMap', {
      comment: `Swipe LP ${config.stage}: host -> site prefix`,
    })
    this.hostRouter = new EdgeFunction(this, 'HostRouter', {
      comment: 'Maps the Host header to a published site prefix',
      code: FunctionCode.fromFile({ filePath: HOST_ROUTER_SOURCE }),
      runtime: FunctionRuntime.JS_2_0,
      keyValueStore: this.hostMap,
      autoPublish: true,
    })
    this.variantCookie = new EdgeFunction(this, 'VariantCookie', {
      comment: "Sets an experiment visitor's new key as the sl_ab cookie",
      code: FunctionCode.fromFile({ filePath: VARIANT_COOKIE_SOURCE }),
      runtime: FunctionRuntime.JS_2_0,
      autoPublish: true,
    })

    // Pages are rendered at publish; the publisher sets Cache-Control per object (HTML short,
    // hashed assets immutable). Without one, an edge keeps a page five minutes.
    const pageCache = new CachePolicy(this, 'PageCache', {
      comment: 'Published pages: origin Cache-Control, 5 minutes by default',
      defaultTtl: Duration.minutes(5),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    })
    this.pageCache = pageCache
    // The same headers as the local edge (infra/lib/sites/headers.ts), HSTS on top.
    this.securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Published pages: CSP, nosniff, referrer policy, no framing, permissions policy, HSTS',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: SITE_CSP, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        // No includeSubdomains: the hosts include customers' own domains, whose other subdomains are not ours.
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: false,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: SITE_PERMISSIONS_POLICY, override: true }],
      },
    })

    const domain = config.sitesDomain
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Swipe LP Studio published sites (${config.stage})`,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        // The function rewrites the URI to /<prefix>/... before the cache lookup, so the cache key
        // (the URI) already tells sites apart without keying on the Host header.
        cachePolicy: pageCache,
        responseHeadersPolicy: this.securityHeaders,
        compress: true,
        // The router picks an experiment's arm per visitor (issue 34); a new visitor's key becomes
        // a cookie on the way back.
        functionAssociations: [
          { function: this.hostRouter, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: this.variantCookie, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: logs,
      // Billable page views are counted from these files (infra/lib/billable-views.ts `SITES_LOG_PREFIX`).
      logFilePrefix: 'cloudfront/sites/',
      ...(domain
        ? {
            // The bare domain serves the `/sites/{siteId}/` path form; the certificate covers both.
            domainNames: [domain.name, `*.${domain.name}`],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            // Only a custom certificate can raise the TLS floor; the default one is fixed by CloudFront.
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    })
    acknowledgeDistribution(this.distribution, { customCertificate: Boolean(domain) })
  }

  /**
   * Serves the API under every site's own origin (`/api/v1/*`), so members-only pages, forms,
   * beacons and preview calls are same-origin on customer domains too: no CORS list of customer
   * domains, and no third-party requests from visitors' browsers.
   */
  routeApi(api: HttpApi, originVerify: string): void {
    // apiEndpoint is `https://<id>.execute-api.<region>.amazonaws.com`; the origin wants the host alone.
    const apiHost = Fn.select(2, Fn.split('/', api.apiEndpoint))
    const viewerAddress = new EdgeFunction(this, 'ViewerAddress', {
      comment: 'Names the viewer to the API in X-Viewer-Address',
      code: FunctionCode.fromFile({ filePath: VIEWER_ADDRESS_SOURCE }),
      runtime: FunctionRuntime.JS_2_0,
      autoPublish: true,
    })
    const apiHeaders = new ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'API answers: nosniff and HSTS on everything, whoever made the answer',
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: false,
          override: true,
        },
      },
    })
    this.apiHeaders = apiHeaders
    const apiOrigin = new HttpOrigin(apiHost, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // The proof that a request came through CloudFront: the API refuses any without it and
      // believes X-Viewer-Address only with it. An origin custom header replaces any header of
      // the same name the viewer sent, so it cannot be forged through here either.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originVerify },
    })
    // A site's notices to its visitors (issue 20): the same answer for every visitor of a site and
    // language, kept at the edge as long as the API's Cache-Control says (a minute), keyed on the
    // site and the language only; no viewer header reaches the API (it needs none: the origin
    // header still proves the edge). Added before `/api/v1/*`, so it takes precedence.
    const noticesCache = new CachePolicy(this, 'NoticesCache', {
      comment: "A site's public notices: origin Cache-Control (s-maxage 60), by site and language",
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(60),
      queryStringBehavior: CacheQueryStringBehavior.allowList('site_id', 'lang'),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    })
    this.distribution.addBehavior(`${API_BASE_PATH}/end-user/noti_delivery`, apiOrigin, {
      responseHeadersPolicy: apiHeaders,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: noticesCache,
    })
    this.distribution.addBehavior(`${API_BASE_PATH}/*`, apiOrigin, {
      // Sets X-Viewer-Address from the connection, over whatever the viewer sent.
      functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
      // What API Gateway answers itself (its 404, 413, throttling) gets nosniff too; the API's
      // own answers already carry it and no-store.
      responseHeadersPolicy: apiHeaders,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Everything but Host (API Gateway routes on its own host name): Authorization, every
      // cookie (a member's session), Origin and Sec-Fetch-* (the API's cross-origin checks).
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    })
  }
}
