import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { bundleClient, bundleForms, bundleVitals, GENERATED, generatedModule } from './client-bundle.ts'

/** Rebuilds src/generated/client.ts from src/client/ (run after changing an island). */
const vitals = await bundleVitals()
const client = await bundleClient(vitals)
const forms = await bundleForms()
writeFileSync(GENERATED, generatedModule({ client, forms, vitals }))
for (const [name, code] of [
  ['swipe island', client],
  ['forms island', forms],
  ['Web Vitals script', vitals],
] as const)
  console.info(`${name}: ${code.length} B, ${gzipSync(code, { level: 9 }).length} B gzipped → ${GENERATED}`)
