import { join } from 'node:path'
import { buildSync } from 'esbuild'

/**
 * The source files an esbuild bundle of `entryPoints` would hold, as absolute paths: our code
 * (functions/, shared/) as esbuild follows it for a Lambda bundle, packages left outside (none of
 * them imports our code). For tests that ask what a bundle reaches without bundling it for real.
 */
export const bundleInputs = (entryPoints: string[]): string[] => {
  const { metafile } = buildSync({
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    outdir: 'out',
    packages: 'external',
    logLevel: 'silent',
  })
  return Object.keys(metafile.inputs).map((input) => join(process.cwd(), input))
}
