/**
 * `npm run dns -- set <name> <CNAME|A|AAAA|CAA|TXT> <value>` / `npm run dns -- rm <name> [type]` /
 * `npm run dns -- list`: edits the zone of `npm start`'s DNS server (infra/local/dns.ts), which
 * reads it on every query: the custom-domain checker sees the change at its next check. A name
 * `'*.<domain>'` is a wildcard (an OEM's sites domain): it answers every name under it. A claim's
 * ownership token is a TXT record: `npm run dns -- set _swipe-challenge.<domain> TXT <token>`.
 */
import { join } from 'node:path'
import {
  DNS_RECORD_TYPES,
  type DnsRecordType,
  readZone,
  removeRecord,
  setRecord,
} from '../infra/local/dns.ts'

const zoneFile = join(
  process.env.LOCAL_DATA_DIR ?? join(import.meta.dirname, '..', '.local'),
  'dns-zone.json',
)
const [command, name, type, ...rest] = process.argv.slice(2)
const usage = 'usage: npm run dns -- set <name> <CNAME|A|AAAA|CAA|TXT> <value> | rm <name> [type] | list'
const typeOf = (value: string | undefined): DnsRecordType | undefined => {
  const upper = value?.toUpperCase()
  return DNS_RECORD_TYPES.find((t) => t === upper)
}

if (command === 'set' && name && typeOf(type) && rest.length) {
  setRecord(zoneFile, name, typeOf(type)!, rest.join(' '))
  process.stdout.write(`${name} ${typeOf(type)} ${rest.join(' ')}\n`)
} else if (command === 'rm' && name) {
  removeRecord(zoneFile, name, typeOf(type))
  process.stdout.write(`removed ${name}${type ? ` ${type}` : ''}\n`)
} else if (command === 'list') {
  for (const [n, records] of Object.entries(readZone(zoneFile)))
    for (const r of records) process.stdout.write(`${n} ${r.type} ${r.value}\n`)
} else {
  process.stderr.write(`${usage}\n`)
  process.exit(1)
}
