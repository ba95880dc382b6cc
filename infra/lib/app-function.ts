import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { API_DOCUMENTS_FILE } from '@swipe/shared/contract/documents-file'
import { LOCALES } from '@swipe/shared/i18n/locales'
import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib'
import type { IKeyValueStore } from 'aws-cdk-lib/aws-cloudfront'
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito'
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import {
  ApplicationLogLevel,
  Architecture,
  LayerVersion,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
} from 'aws-cdk-lib/aws-lambda'
import { type BundlingOptions, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs'
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses'
import type { Construct } from 'constructs'
import { SUFFIX_LIST_FILE } from '../../functions/src/platform/services/suffix-list-file.ts'
import { acknowledge, nagRef } from './nag.ts'
import { FUNCTIONS_SRC, LOCK_FILE, REPO_ROOT } from './paths.ts'

/** Lambda's newest Node.js runtime; the bundle targets the same version. */
export const RUNTIME = Runtime.NODEJS_24_X

const fromFunctions = createRequire(join(FUNCTIONS_SRC, 'index.ts'))

/**
 * React's string renderer alone. Every build `react-dom/server` offers pairs it with the stream
 * renderer (≈ 115 KB minified), which no Lambda uses: the publisher and the preview call
 * `renderToStaticMarkup` only (web-site/src/render.tsx, preview.tsx). The package exports no entry
 * for it, so bundles alias the specifier to its file (docs/decisions/0076-domains-context.md).
 */
const REACT_STRING_RENDERER = join(
  dirname(fromFunctions.resolve('react-dom/package.json')),
  'cjs',
  'react-dom-server-legacy.node.production.js',
)

/**
 * How every Lambda is bundled (esbuild through NodejsFunction): the one definition, which
 * `npm run bench:bundles` (infra/scripts/bench-bundles.ts) measures by synthesizing the app.
 * Limit (issue 35 item 3): each function's module load within 1.5× the CPU of the stack's floor
 * (infra/scripts/bench-floor.ts, bundled with these options in the same run); sizes are printed,
 * not budgeted (docs/decisions/0073-cold-starts-near-the-floor.md).
 */
export const BUNDLING: Readonly<BundlingOptions> = {
  format: OutputFormat.ESM,
  target: 'node24',
  minify: true,
  sourceMap: true,
  // The map points at files in this repository; embedding their text only makes the asset bigger.
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // Dependencies drop their development builds and checks (React's development build alone is
  // hundreds of KB), as they do in any production bundle.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // Pin the SDK version we test with instead of the one the runtime happens to ship.
  bundleAwsSDK: true,
  // `swipe-lambda` makes shared's `#i18n/catalogs` the loader of catalogs.lambda.ts: the server
  // messages stay out of the bundle and are read from `messages.<lng>.cjs` beside it, which
  // `catalogueCommands` puts into every asset. `module` is esbuild's default condition, kept.
  // React's string renderer alone (`REACT_STRING_RENDERER`).
  esbuildArgs: { '--conditions': 'swipe-lambda,module', '--alias:react-dom/server': REACT_STRING_RENDERER },
  // CommonJS dependencies inside an ESM bundle still call require() for Node built-ins.
  banner:
    "import { createRequire as __swipeCreateRequire } from 'node:module'; const require = __swipeCreateRequire(import.meta.url);",
}

/**
 * Context key that makes every bundle write esbuild's metafile (`index.meta.json`) next to
 * `index.mjs`: what went in and why. Only the bundle benchmark sets it; deployed assets go without.
 */
export const BUNDLE_METAFILE_CONTEXT = 'swipe:bundleMetafile'

export type TableAccess = 'read' | 'readWrite'
export type BucketAccess = 'read' | 'readWrite'
/**
 * `read` looks users up; `manage` also creates, updates, disables and signs users in server-side;
 * `signUp` is what visitor sign-up needs (create a user, set its password, disable and enable it);
 * `forget` only deletes users (a deleted site's members).
 */
export type PoolAccess = 'read' | 'manage' | 'signUp' | 'forget'
export type HostMapAccess = 'read' | 'readWrite'
/** `send` mails from the identity; `status` only reads the account's sending status. */
export type MailAccess = 'send' | 'status'

/** The environment variable a bucket's name is read from (functions/src/platform/services/s3.ts). */
export type BucketVariable = 'MEDIA_BUCKET' | 'SITES_BUCKET'
/** The prefix of a pool's variables: `<prefix>_USER_POOL_ID`, `<prefix>_USER_POOL_CLIENT_ID`. */
export type PoolPrefix = 'ADMIN' | 'MEMBERS'

export interface AppFunctionProps {
  /** The handler module below `functions/src`, e.g. `health/index.ts`; it exports `handler`. */
  entry: string
  stage: string
  logRetention: RetentionDays
  removalPolicy: RemovalPolicy
  description?: string
  /** @default 1024 MB: CPU scales with memory, and cold starts (SDK + zod) are CPU bound. */
  memorySize?: number
  /** @default 15 s, below the HTTP API's 30 s integration limit, so the Lambda (and its log) times out first. */
  timeout?: Duration
  /** The function renders PDFs (pdfkit with Noto Sans JP): the files pdfkit reads at run time go into its asset. */
  pdf?: boolean
  /**
   * Modules compiled beside the bundle and read at their first use instead of at init (`SIDECARS`):
   * the OpenAPI documents of the API-access Lambda, the public-suffix list of the domains API.
   */
  sidecars?: readonly Sidecar[]
  /**
   * The function makes media renditions (issue 22): sharp is installed into its asset for Lambda's
   * platform (`SHARP_PLATFORM`), and the ffmpeg layer, when given, is attached with `FFMPEG_PATH`.
   */
  media?: { ffmpegLayerArn?: string | undefined }
}

/** What fontkit's `brotli/decompress.js` becomes in a PDF function's bundle (TTF fonts need no brotli). */
const NO_BROTLI = join(FUNCTIONS_SRC, 'documents', 'no-brotli')
/** Where the PDF font sits inside a deployed asset (`INVOICE_FONT_PATH`, read by the documents Lambda). */
export const PDF_FONT_IN_ASSET = '/var/task/fonts/NotoSansJP_400Regular.ttf'

/**
 * The files pdfkit reads at run time, which esbuild cannot inline (issues 17 and 18): its standard
 * font metrics, loaded with `require('#standard-fonts/…')` from the bundle's own location (so the
 * asset gets a package.json with that import map), its colour profile (`new URL('./data/…',
 * import.meta.url)`), and the Noto Sans JP TTF the reports and invoices embed.
 */
const pdfAssetCommands = (outputDir: string): string[] => {
  // pdfkit's main is js/pdfkit.js (its package.json is not an export).
  const pdfkit = dirname(dirname(fromFunctions.resolve('pdfkit')))
  const font = fromFunctions.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf')
  const imports = JSON.stringify({ imports: { '#standard-fonts/*': './standard-fonts/*.cjs' } })
  return [
    `mkdir -p "${outputDir}/fonts"`,
    `cp -R "${pdfkit}/js/standard-fonts" "${outputDir}/standard-fonts"`,
    `cp -R "${pdfkit}/js/data" "${outputDir}/data"`,
    `cp "${font}" "${outputDir}/fonts/"`,
    `printf '%s' '${imports}' > "${outputDir}/package.json"`,
  ]
}

const ESBUILD_BIN = join(
  dirname(dirname(createRequire(join(REPO_ROOT, 'package.json')).resolve('esbuild'))),
  'bin',
  'esbuild',
)

/**
 * Every asset's server-message catalogues (issue 14): each language's `shared/src/i18n/messages.<lng>.ts`
 * compiled on its own to `messages.<lng>.cjs` beside `index.mjs`, where catalogs.lambda.ts reads it
 * the first time a request, mail or job uses that language. One esbuild run for the four.
 */
export const catalogueCommands = (outputDir: string): string[] => [
  [
    `"${ESBUILD_BIN}"`,
    ...LOCALES.map((locale) => `"${join(REPO_ROOT, 'shared', 'src', 'i18n', `messages.${locale}.ts`)}"`),
    '--bundle',
    '--platform=node',
    '--format=cjs',
    `--target=${BUNDLING.target}`,
    '--minify',
    '--log-level=warning',
    `--outdir="${outputDir}"`,
    '--out-extension:.js=.cjs',
  ].join(' '),
]

/**
 * Large modules a Lambda reaches on a few requests only, compiled beside its bundle with the
 * bundle's own target and conditions, and read at their first use by a module the bundle resolves
 * instead (condition `swipe-lambda`), as the message catalogues are
 * (docs/decisions/0077-bench-rounds-and-documents-beside-the-bundle.md):
 * - `apiDocuments`: the OpenAPI documents (shared/src/contract/documents.ts, with every context's
 *   routes and schemas), read by shared/src/contract/documents.lambda.ts;
 * - `publicSuffixList`: the Public Suffix List (functions/src/platform/services/suffix-list.ts, tldts), read by
 *   functions/src/platform/services/suffix-list.lambda.ts.
 */
export const SIDECARS = {
  apiDocuments: {
    entry: join(REPO_ROOT, 'shared', 'src', 'contract', 'documents.ts'),
    file: API_DOCUMENTS_FILE,
  },
  publicSuffixList: {
    entry: join(FUNCTIONS_SRC, 'platform', 'services', 'suffix-list.ts'),
    file: SUFFIX_LIST_FILE,
  },
} as const
export type Sidecar = keyof typeof SIDECARS

export const sidecarCommands = (sidecar: Sidecar, outputDir: string): string[] => [
  [
    `"${ESBUILD_BIN}"`,
    `"${SIDECARS[sidecar].entry}"`,
    '--bundle',
    '--platform=node',
    '--format=cjs',
    `--target=${BUNDLING.target}`,
    `--conditions=${BUNDLING.esbuildArgs!['--conditions']}`,
    '--minify',
    '--log-level=warning',
    `--outfile="${join(outputDir, SIDECARS[sidecar].file)}"`,
  ].join(' '),
]

/** The platform sharp's prebuilt libvips is installed for: Lambda's (arm64, glibc). */
export const SHARP_PLATFORM = { os: 'linux', cpu: 'arm64', libc: 'glibc' } as const
/** Where an ffmpeg layer puts its binary (layers unpack into /opt). */
export const FFMPEG_IN_LAYER = '/opt/bin/ffmpeg'

/**
 * Installs sharp (the version this repository tests with) into a bundle's asset for Lambda's
 * platform: npm picks the `@img/sharp-linux-arm64` and `@img/sharp-libvips-linux-arm64` builds by
 * `--os/--cpu/--libc`, whatever machine synthesizes. The install runs in a fresh temporary folder
 * with an explicit `--prefix` and without the `npm_config_*` variables of an `npm run`/`npx`
 * parent (whose local prefix is the repository: an install there would replace the repository's
 * own platform packages), and only its `node_modules` is copied into the asset.
 * `--prefer-offline` uses npm's cache once it has the packages.
 */
export const sharpAssetCommands = (outputDir: string): string[] => {
  // sharp's exports do not include its package.json: read it beside its entry (dist/index.cjs).
  const manifest = join(dirname(dirname(fromFunctions.resolve('sharp'))), 'package.json')
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  const flags = [
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--prefer-offline',
    '--workspaces=false',
    `--os=${SHARP_PLATFORM.os}`,
    `--cpu=${SHARP_PLATFORM.cpu}`,
    `--libc=${SHARP_PLATFORM.libc}`,
  ].join(' ')
  // One command, run by one shell: CDK may run each hook command in a shell of its own, where a
  // variable set by an earlier command is empty (and an empty prefix is the repository).
  return [
    [
      'd="$(mktemp -d)"',
      '[ -n "$d" ] && [ -d "$d" ]',
      `printf '%s' '{"private":true}' > "$d/package.json"`,
      `(cd "$d" && env $(env | grep -io '^npm_config_[a-z_]*' | sed 's/^/-u /') npm install --prefix "$d" ${flags} sharp@${version})`,
      `mkdir -p "${outputDir}/node_modules"`,
      `cp -R "$d/node_modules/." "${outputDir}/node_modules/"`,
      'rm -rf "$d"',
    ].join(' && '),
  ]
}

const POOL_ACTIONS: Record<PoolAccess, string[]> = {
  read: ['cognito-idp:DescribeUserPool', 'cognito-idp:AdminGetUser', 'cognito-idp:ListUsers'],
  manage: [
    'cognito-idp:DescribeUserPool',
    'cognito-idp:AdminGetUser',
    'cognito-idp:ListUsers',
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminDeleteUser',
    'cognito-idp:AdminUpdateUserAttributes',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminResetUserPassword',
    'cognito-idp:AdminConfirmSignUp',
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminEnableUser',
    'cognito-idp:AdminInitiateAuth',
    'cognito-idp:AdminRespondToAuthChallenge',
    'cognito-idp:AdminUserGlobalSignOut',
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminRemoveUserFromGroup',
    'cognito-idp:AdminListGroupsForUser',
  ],
  signUp: [
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminUpdateUserAttributes',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminEnableUser',
  ],
  forget: ['cognito-idp:AdminDeleteUser'],
}

const KVS_ACTIONS: Record<HostMapAccess, string[]> = {
  read: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:GetKey'],
  readWrite: [
    'cloudfront-keyvaluestore:DescribeKeyValueStore',
    'cloudfront-keyvaluestore:GetKey',
    'cloudfront-keyvaluestore:ListKeys',
    'cloudfront-keyvaluestore:PutKey',
    'cloudfront-keyvaluestore:DeleteKey',
    'cloudfront-keyvaluestore:UpdateKeys',
  ],
}

/**
 * The one Lambda construct of the API (STYLE "Infra"): Node 24 on arm64, an ESM bundle minified
 * by esbuild with source maps, JSON logs in its own log group with a retention, and a role that
 * starts empty. Resources are attached with the `use*` methods, each of which grants the access
 * and sets the environment variable the handler reads in the same call, so a name is never
 * given without the permission or the other way round.
 */
export class AppFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    const entry = join(FUNCTIONS_SRC, props.entry)
    if (!existsSync(entry)) {
      throw new Error(
        `No handler module at functions/src/${props.entry}: a Lambda cannot be deployed without it`,
      )
    }
    // Siblings, because `this` does not exist before super(): an explicit log group (retention,
    // removal) instead of the LogRetention custom resource, and a role without the managed
    // AWSLambdaBasicExecutionRole, whose log permissions cover every log group of the account.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    })
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.entry}`,
    })
    super(scope, id, {
      entry,
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      runtime: RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(15),
      role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.WARN,
      ...(props.description ? { description: props.description } : {}),
      environment: {
        // Stack traces in the logs name the TypeScript source. Measured at about +8–10 % of a
        // function's load CPU on Node 20 and kept (docs/decisions/0073-cold-starts-near-the-floor.md);
        // `npm run bench:bundles -- --node-options ''` measures without it.
        NODE_OPTIONS: '--enable-source-maps',
        STAGE: props.stage,
      },
      bundling: {
        ...BUNDLING,
        metafile: scope.node.tryGetContext(BUNDLE_METAFILE_CONTEXT) === true,
        // sharp (native libvips, issue 22) is never bundled: only the entry of the jobs Lambda that
        // makes renditions (`media`) imports it, and that function carries it, installed beside the bundle.
        externalModules: ['sharp'],
        // The PDF function embeds a TTF: fontkit's brotli decoder (WOFF2 only, ≈ 486 KB) stays out.
        ...(props.pdf ? { esbuildArgs: { ...BUNDLING.esbuildArgs, '--alias:brotli': NO_BROTLI } } : {}),
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (_inputDir: string, outputDir: string) => [
            ...catalogueCommands(outputDir),
            ...(props.pdf ? pdfAssetCommands(outputDir) : []),
            ...(props.sidecars ?? []).flatMap((sidecar) => sidecarCommands(sidecar, outputDir)),
            ...(props.media ? sharpAssetCommands(outputDir) : []),
          ],
        },
      },
    })
    if (props.pdf) this.addEnvironment('INVOICE_FONT_PATH', PDF_FONT_IN_ASSET)
    if (props.media?.ffmpegLayerArn) {
      this.addLayers(LayerVersion.fromLayerVersionArn(this, 'FfmpegLayer', props.media.ffmpegLayerArn))
      this.addEnvironment('FFMPEG_PATH', FFMPEG_IN_LAYER)
    }
    logGroup.grantWrite(role)
  }

  /** Grants the single table (and its indexes) and sets `TABLE_NAME`. */
  useTable(table: ITableV2, access: TableAccess): this {
    if (access === 'read') table.grantReadData(this)
    else table.grantReadWriteData(this)
    this.addEnvironment('TABLE_NAME', table.tableName)
    acknowledge(
      this.role!,
      `IAM5[Resource::${nagRef(this, table.tableArn)}/index/*]`,
      'The table grant covers its own global secondary indexes (index/*); they are queried by name and hold no other data.',
    )
    return this
  }

  /** Grants one bucket's objects and sets the variable its name is read from. */
  useBucket(variable: BucketVariable, bucket: IBucket, access: BucketAccess): this {
    if (access === 'read') bucket.grantRead(this)
    else bucket.grantReadWrite(this)
    this.addEnvironment(variable, bucket.bucketName)
    const reason = `The ${variable} grant is limited to that one bucket and its objects; CDK's grant uses action families (s3:GetObject*, s3:List*, ...) and the object wildcard <bucket>/*.`
    acknowledge(this.role!, `IAM5[Resource::${nagRef(this, bucket.bucketArn)}/*]`, reason)
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*']) {
      acknowledge(this.role!, `IAM5[Action::${action}]`, reason)
    }
    if (access === 'readWrite') {
      for (const action of ['s3:DeleteObject*', 's3:Abort*'])
        acknowledge(this.role!, `IAM5[Action::${action}]`, reason)
    }
    return this
  }

  /** Grants a user pool and sets `<prefix>_USER_POOL_ID` and `<prefix>_USER_POOL_CLIENT_ID`. */
  useUserPool(prefix: PoolPrefix, pool: IUserPool, client: IUserPoolClient, access: PoolAccess): this {
    pool.grant(this, ...POOL_ACTIONS[access])
    this.addEnvironment(`${prefix}_USER_POOL_ID`, pool.userPoolId)
    this.addEnvironment(`${prefix}_USER_POOL_CLIENT_ID`, client.userPoolClientId)
    return this
  }

  /**
   * Sets `MAIL_FROM` (an address of the identity's domain) and grants `send` (SendEmail from that
   * identity) or `status` (the account's sending status and quota, for the health check).
   */
  useMail(identity: IEmailIdentity, from: string, access: MailAccess): this {
    if (access === 'send') {
      identity.grantSendEmail(this)
    } else {
      this.addToRolePolicy(new PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }))
      acknowledge(
        this.role!,
        'IAM5[Resource::*]',
        'ses:GetAccount is an account-level, read-only call (sending status and quota) that accepts no resource ARN.',
      )
    }
    this.addEnvironment('MAIL_FROM', from)
    return this
  }

  /** Sets `ADMIN_ORIGIN`, the admin SPA's origin that mails link into (functions/src/platform/services/urls.ts). */
  useAdminOrigin(origin: string): this {
    this.addEnvironment('ADMIN_ORIGIN', origin)
    return this
  }

  /**
   * Sets `SITES_ORIGIN`, the default-domain origin of published sites with `{host}` for the site
   * UUID (functions/src/platform/services/urls.ts, functions/src/platform/services/hosts.ts).
   */
  useSitesOrigin(origin: string): this {
    this.addEnvironment('SITES_ORIGIN', origin)
    return this
  }

  /**
   * Lets this function start jobs in `worker` (an asynchronous invoke) and sets
   * `JOBS_FUNCTION_NAME`, which the AWS platform's job queue invokes (functions/src/platform/aws/jobs.ts).
   */
  useJobs(worker: AppFunction): this {
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [worker.functionArn] }),
    )
    this.addEnvironment('JOBS_FUNCTION_NAME', worker.functionName)
    return this
  }

  /**
   * Lets this function start jobs in other contexts' jobs Lambdas (asynchronous invokes) and sets
   * `OTHER_JOBS_FUNCTION_NAMES`, the map the AWS platform's job queue reads by the job's context
   * (functions/src/platform/aws/jobs.ts).
   */
  useOtherJobs(workers: ReadonlyMap<string, AppFunction>): this {
    if (workers.size === 0) return this
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [...workers.values()].map((worker) => worker.functionArn),
      }),
    )
    this.addEnvironment(
      'OTHER_JOBS_FUNCTION_NAMES',
      Stack.of(this).toJsonString(Object.fromEntries([...workers].map(([c, w]) => [c, w.functionName]))),
    )
    return this
  }

  /**
   * Lets this function publish sites through `publisher` (a synchronous invoke) and sets
   * `PUBLISHING_FUNCTION_NAME`, which the AWS platform's publisher invokes (functions/src/platform/aws/publisher.ts).
   */
  usePublisher(publisher: AppFunction): this {
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [publisher.functionArn] }),
    )
    this.addEnvironment('PUBLISHING_FUNCTION_NAME', publisher.functionName)
    return this
  }

  /**
   * Lets this function render PDFs through `documents` (a synchronous invoke) and sets
   * `DOCUMENTS_FUNCTION_NAME`, which the AWS platform's renderer invokes (functions/src/platform/aws/documents.ts).
   */
  useDocuments(documents: AppFunction): this {
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [documents.functionArn] }),
    )
    this.addEnvironment('DOCUMENTS_FUNCTION_NAME', documents.functionName)
    return this
  }

  /**
   * Lets this function take card payments through `payments` (a synchronous invoke) and sets
   * `PAYMENTS_FUNCTION_NAME`, which the AWS platform's payments port invokes
   * (functions/src/platform/aws/invoked-payments.ts).
   */
  usePayments(payments: AppFunction): this {
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [payments.functionArn] }),
    )
    this.addEnvironment('PAYMENTS_FUNCTION_NAME', payments.functionName)
    return this
  }

  /**
   * Sets `ORIGIN_VERIFY_SECRET` (the value CloudFront's API origins add as `X-Origin-Verify`) and
   * `ORIGIN_VERIFY_REQUIRED`: with it, the API refuses (403) every request that did not come
   * through CloudFront and believes `X-Viewer-Address` only on those that did
   * (functions/src/edge/client-ip.ts). `value` is a dynamic reference CloudFormation resolves at deploy.
   */
  useOriginVerify(value: string): this {
    this.addEnvironment('ORIGIN_VERIFY_SECRET', value)
    this.addEnvironment('ORIGIN_VERIFY_REQUIRED', 'true')
    return this
  }

  /**
   * Sets `SECURITY_LOG_KEY`, the key of login-ID hashes in the security log
   * (functions/src/edge/security-log.ts). `value` is a dynamic reference CloudFormation resolves at deploy.
   */
  useSecurityLogKey(value: string): this {
    this.addEnvironment('SECURITY_LOG_KEY', value)
    return this
  }

  /** Grants the host map (CloudFront KeyValueStore) and sets `SITES_KVS_ARN`; the publisher writes it. */
  useHostMap(store: IKeyValueStore, access: HostMapAccess): this {
    this.addToRolePolicy(
      new PolicyStatement({ actions: KVS_ACTIONS[access], resources: [store.keyValueStoreArn] }),
    )
    this.addEnvironment('SITES_KVS_ARN', store.keyValueStoreArn)
    return this
  }
}
