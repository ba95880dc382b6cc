import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { bundleClient, GENERATED, generatedModule } from './client-bundle.ts'

/** Rebuilds src/generated/client.ts from src/client/ (run after changing the island). */
const code = await bundleClient()
writeFileSync(GENERATED, generatedModule(code))
console.info(
  `client island: ${code.length} B, ${gzipSync(code, { level: 9 }).length} B gzipped → ${GENERATED}`,
)
