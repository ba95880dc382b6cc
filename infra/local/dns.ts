/**
 * The local stack's DNS server (issue 19): a small authoritative server (dns2's UDP server) on
 * 127.0.0.1 that the product's resolver asks (`DOMAIN_DNS_SERVER`), so the custom-domain checker
 * runs against real DNS answers without the internet. Its zone is a JSON file in the data folder,
 * read on every query: `npm run dns -- set <name> CNAME <target>` (scripts/dns.ts) and the tests
 * edit it while the server runs. A `*.<name>` entry answers the names under it that have no
 * records of their own (an OEM's wildcard). Every other name outside the zone is NXDOMAIN.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Running } from './process.ts'

export const DNS_RECORD_TYPES = ['CNAME', 'A', 'AAAA', 'CAA', 'TXT'] as const
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number]

/**
 * name → records; a CAA value is `<flags> <tag> "<value>"`, e.g. `0 issue "letsencrypt.org"`; a TXT
 * value is its text (the ownership token at `_swipe-challenge.<name>`, issue 29).
 */
export type Zone = Record<string, { type: DnsRecordType; value: string }[]>

const norm = (name: string) => name.trim().toLowerCase().replace(/\.$/, '')

export const readZone = (file: string): Zone => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Zone
  } catch {
    return {}
  }
}

const writeZone = (file: string, zone: Zone) => {
  writeFileSync(`${file}.tmp`, JSON.stringify(zone, null, 2))
  renameSync(`${file}.tmp`, file)
}

/** Replaces the records of one type at a name (a CNAME replaces everything: it stands alone). */
export const setRecord = (file: string, name: string, type: DnsRecordType, value: string): void => {
  const zone = readZone(file)
  const key = norm(name)
  const kept = type === 'CNAME' ? [] : (zone[key] ?? []).filter((r) => r.type !== type && r.type !== 'CNAME')
  zone[key] = [...kept, { type, value: type === 'CNAME' ? norm(value) : value.trim() }]
  writeZone(file, zone)
}

/** Removes a name's records of one type, or all of them. */
export const removeRecord = (file: string, name: string, type?: DnsRecordType): void => {
  const zone = readZone(file)
  const key = norm(name)
  const kept = type ? (zone[key] ?? []).filter((r) => r.type !== type) : []
  if (kept.length) zone[key] = kept
  else delete zone[key]
  writeZone(file, zone)
}

/**
 * The records of the nearest wildcard above a name that has none of its own (RFC 4592, simply):
 * `*.oem.example` answers `x.oem.example` and `a.b.oem.example` (an OEM's sites domain, issue 19).
 */
export const wildcardRecords = (zone: Zone, name: string): Zone[string] | undefined => {
  const labels = norm(name).split('.')
  for (let i = 1; i < labels.length - 1; i++) {
    const records = zone[`*.${labels.slice(i).join('.')}`]
    if (records) return records
  }
  return undefined
}

interface Dns2Packet {
  header: { rcode: number; aa: number }
  questions: { name: string; type: number; class: number }[]
  answers: Record<string, unknown>[]
}
interface Dns2 {
  Packet: {
    TYPE: Record<string, number>
    CLASS: Record<string, number>
    createResponseFromRequest(request: Dns2Packet): Dns2Packet
  }
  createServer(options: {
    udp: boolean
    handle: (request: Dns2Packet, send: (response: Dns2Packet) => void) => void
  }): {
    listen(options: { udp: { port: number; address: string } }): Promise<unknown>
    addresses(): { udp?: { port: number } }
    close(): Promise<unknown>
  }
}

const typeName = (code: number, TYPE: Record<string, number>) =>
  Object.entries(TYPE).find(([, v]) => v === code)?.[0]

/** Starts the server on `port` (0: a free one) answering from the zone in `zoneFile`. */
export const startDns = async (options: {
  port: number
  zoneFile: string
}): Promise<Running & { port: number }> => {
  const dns2 = createRequire(import.meta.url)('dns2') as Dns2
  const { Packet } = dns2
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request)
      response.header.aa = 1
      const zone = readZone(options.zoneFile)
      const [question] = request.questions
      if (!question) return send(response)
      const asked = typeName(question.type, Packet.TYPE)
      const answer = (name: string, depth: number): boolean => {
        const records = zone[norm(name)] ?? wildcardRecords(zone, name)
        if (!records) return false
        const cname = records.find((r) => r.type === 'CNAME')
        if (cname) {
          response.answers.push({
            name,
            type: Packet.TYPE.CNAME,
            class: Packet.CLASS.IN,
            ttl: 5,
            domain: cname.value,
          })
          if (asked !== 'CNAME' && depth < 8) answer(cname.value, depth + 1)
          return true
        }
        for (const r of records.filter((r) => r.type === asked)) {
          const base = { name, type: Packet.TYPE[r.type], class: Packet.CLASS.IN, ttl: 5 }
          if (r.type === 'A' || r.type === 'AAAA') response.answers.push({ ...base, address: r.value })
          if (r.type === 'TXT') response.answers.push({ ...base, data: r.value })
          if (r.type === 'CAA') {
            const m = /^(\d+)\s+(\w+)\s+"?([^"]*)"?$/.exec(r.value)
            if (m) response.answers.push({ ...base, flags: Number(m[1]), tag: m[2], value: m[3] })
          }
        }
        return true
      }
      if (!answer(question.name, 0)) response.header.rcode = 3 // NXDOMAIN
      send(response)
    },
  })
  await server.listen({ udp: { port: options.port, address: '127.0.0.1' } })
  const port = server.addresses().udp?.port ?? options.port
  return {
    name: 'dns',
    url: `udp://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await server.close()
    },
  }
}
