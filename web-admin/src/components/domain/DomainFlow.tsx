import { DOMAIN_REGISTRARS } from '@swipe/shared/site/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Button,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Form,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Tag,
  Typography,
} from 'antd'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../lib/api.ts'
import { useToast } from '../../lib/toast.ts'
import { type DomainState, STATE_COLOURS } from './DomainDoctor.tsx'

/*
 * The parts of the four-step domain flow (SPEC §2) that a site's custom domain (the editor's
 * domain tab) and an OEM's white-label sites domain (admin settings) share: the answer's state
 * and mutations, the entry form, the state table, the CNAME record to copy, the registrars'
 * instructions and the check / remove buttons. Each screen passes the texts that differ.
 */

/** A date and time in Japan's time zone, in the reader's language; '' without one. */
export const formatDomainDate = (iso: string | null, lang: string) =>
  iso
    ? new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' })
    : ''

/** Copies a text to the clipboard and says so (`done`, by default "value copied") or that it failed. */
export const useCopyText = () => {
  const { t } = useTranslation()
  const toast = useToast()
  return async (text: string, done = t('siteEditor.domain.copiedValue')) => {
    try {
      await navigator.clipboard.writeText(text)
      toast.success(done)
    } catch {
      toast.error(t('siteEditor.domain.copyFailed'))
    }
  }
}

/**
 * The domain answer's query and its three mutations (register, check now, remove). Each mutation
 * answers the new state with a message: it replaces the cached answer, the message is shown, and
 * `onChanged` runs (the editor reloads its site). A refusal shows under the entry field.
 */
export const useDomainFlow = <A,>({
  queryKey,
  get,
  set,
  check,
  remove,
  failedText,
  onChanged,
}: {
  queryKey: readonly unknown[]
  get: (signal: AbortSignal) => Promise<A>
  set: (domain: string) => Promise<A & { message: string }>
  check: () => Promise<A & { message: string }>
  remove: () => Promise<A & { message: string }>
  /** The message of a failure that is not the API's refusal. */
  failedText: string
  onChanged?: () => Promise<void>
}) => {
  const toast = useToast()
  const queryClient = useQueryClient()
  const query = useQuery({ queryKey, queryFn: ({ signal }) => get(signal) })
  const [input, setInput] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const settle = async (answer: A & { message: string }) => {
    queryClient.setQueryData(queryKey, answer)
    toast.success(answer.message)
    await onChanged?.()
  }
  const failed = (error: unknown) => {
    const message = error instanceof ApiError ? error.message : failedText
    setFieldError(message)
    toast.error(message)
  }
  const registerMutation = useMutation({
    mutationFn: set,
    onSuccess: async (answer) => {
      setFieldError(undefined)
      setInput('')
      await settle(answer)
    },
    onError: failed,
  })
  const checkMutation = useMutation({ mutationFn: check, onSuccess: settle, onError: failed })
  const removeMutation = useMutation({ mutationFn: remove, onSuccess: settle, onError: failed })
  return {
    query,
    input,
    setInput,
    fieldError,
    register: registerMutation,
    check: checkMutation,
    remove: removeMutation,
    busy: registerMutation.isPending || checkMutation.isPending || removeMutation.isPending,
  }
}

/** Step 1: the domain to register (or to change to), on the flow's input and register mutation. */
export const DomainEntryForm = ({
  flow,
  label,
  help,
  placeholder,
  registered,
  readOnly,
}: {
  /** What the form needs of `useDomainFlow`'s answer. */
  flow: {
    input: string
    setInput: (value: string) => void
    fieldError: string | undefined
    register: { mutate: (domain: string) => void; isPending: boolean }
    busy: boolean
  }
  label: string
  help: string
  placeholder: string
  /** A domain is registered already: the button says "change". */
  registered: boolean
  readOnly: boolean
}) => {
  const { t } = useTranslation()
  const { input, fieldError, register } = flow
  return (
    <Form
      layout="vertical"
      onFinish={() => register.mutate(input)}
      style={{ maxWidth: 480 }}
      disabled={readOnly || flow.busy}
    >
      <Form.Item
        label={label}
        help={fieldError ?? help}
        validateStatus={fieldError ? 'error' : undefined}
        style={{ marginBottom: 8 }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={input}
            onChange={(e) => flow.setInput(e.target.value)}
            placeholder={placeholder}
            aria-label={label}
            autoComplete="off"
            spellCheck={false}
          />
          <Button
            type="primary"
            htmlType="submit"
            disabled={!input.trim() || readOnly}
            loading={register.isPending}
          >
            {registered ? t('siteEditor.domain.change') : t('siteEditor.domain.register')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  )
}

/** The registered domain: its name, state, deadline while verifying, then the screen's own rows. */
export const DomainStatus = ({
  label,
  domain,
  extra,
}: {
  /** The label of the domain's row. */
  label: string
  domain: { name: string; state: DomainState; deadline: string | null }
  extra: NonNullable<DescriptionsProps['items']>
}) => {
  const { t, i18n } = useTranslation()
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        {
          key: 'domain',
          label,
          children: <Typography.Text>{domain.name}</Typography.Text>,
        },
        {
          key: 'state',
          label: t('siteEditor.domain.stateLabel'),
          children: (
            <Tag color={STATE_COLOURS[domain.state]}>{t(`siteEditor.domain.state.${domain.state}`)}</Tag>
          ),
        },
        ...(domain.state === 'VERIFYING'
          ? [
              {
                key: 'deadline',
                label: t('siteEditor.domain.deadline'),
                children: formatDomainDate(domain.deadline, i18n.language),
              },
            ]
          : []),
        ...extra,
      ]}
    />
  )
}

/** A value shown as code, with a button that copies it. */
export const CopyableCode = ({
  text,
  label,
  onCopy,
}: {
  text: string
  label: string
  onCopy: () => void
}) => (
  <Flex gap={8} align="center" wrap>
    <Typography.Text code>{text}</Typography.Text>
    <Button size="small" onClick={onCopy}>
      {label}
    </Button>
  </Flex>
)

/** A DNS record to add at the provider: its type, host and value. */
export const DnsRecordTable = ({
  type,
  host,
  value,
  valueLabel,
}: {
  type: string
  host: ReactNode
  value: ReactNode
  /** The value's label when it is not a target (a TXT record's code). */
  valueLabel?: string
}) => {
  const { t } = useTranslation()
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        {
          key: 'type',
          label: t('siteEditor.domain.recordType'),
          children: <Typography.Text code>{type}</Typography.Text>,
        },
        { key: 'host', label: t('siteEditor.domain.recordHost'), children: host },
        { key: 'value', label: valueLabel ?? t('siteEditor.domain.recordValue'), children: value },
      ]}
    />
  )
}

/** A record's host (as the screen names it) and the CNAME target it points at. */
interface RecordNames {
  host: string
  target: string
}

/** Step 2: the CNAME record to add (type, host, value with a copy button). */
export const CnameRecord = ({ host, target, onCopy }: RecordNames & { onCopy: (text: string) => void }) => {
  const { t } = useTranslation()
  return (
    <DnsRecordTable
      type="CNAME"
      host={<Typography.Text code>{host}</Typography.Text>}
      value={
        <CopyableCode text={target} label={t('siteEditor.domain.copyValue')} onCopy={() => onCopy(target)} />
      }
    />
  )
}

/**
 * Step 2's ownership record (issue 29): the TXT record `_swipe-challenge.<name>` with this claim's
 * own code (copy button), whether the last check saw it, and how to add it at the provider.
 */
export const TxtRecord = ({
  challenge,
  host,
  onCopy,
}: {
  challenge: { name: string; value: string; seen: boolean }
  /** What a registrar's form asks for as the TXT record's host. */
  host: string
  onCopy: (text: string, done: string) => void
}) => {
  const { t } = useTranslation()
  return (
    <Flex vertical gap={8} data-testid="domain-txt">
      <Typography.Paragraph style={{ margin: 0 }}>{t('siteEditor.domain.txtIntro')}</Typography.Paragraph>
      <DnsRecordTable
        type="TXT"
        host={<Typography.Text code>{challenge.name}</Typography.Text>}
        valueLabel={t('siteEditor.domain.txtValue')}
        value={
          <CopyableCode
            text={challenge.value}
            label={t('siteEditor.domain.copyTxt')}
            onCopy={() => onCopy(challenge.value, t('siteEditor.domain.copiedTxt'))}
          />
        }
      />
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('siteEditor.domain.txtStateLabel')}</Typography.Text>
        <Tag color={challenge.seen ? 'green' : 'orange'}>
          {t(challenge.seen ? 'siteEditor.domain.txtSeen' : 'siteEditor.domain.txtPending')}
        </Tag>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('siteEditor.domain.txtProvider', { host })}
      </Typography.Paragraph>
    </Flex>
  )
}

/** A DNS provider with instructions. */
export type Registrar = (typeof DOMAIN_REGISTRARS)[number]

/**
 * Step 3: how to add the record at the DNS provider, for the common Japanese registrars and
 * Route 53. `host` is what the registrar's form asks for. The screen keeps the provider chosen
 * (it outlives a removed domain).
 */
export const RegistrarSteps = ({
  host,
  target,
  registrar,
  onRegistrar,
}: RecordNames & { registrar: Registrar; onRegistrar: (registrar: Registrar) => void }) => {
  const { t } = useTranslation()
  return (
    <>
      <Segmented
        aria-label={t('siteEditor.domain.providerLabel')}
        value={registrar}
        onChange={(value) => onRegistrar(value as Registrar)}
        options={DOMAIN_REGISTRARS.map((r) => ({
          value: r,
          label: t(`siteEditor.domain.registrars.${r}.name`),
        }))}
        style={{ alignSelf: 'flex-start', flexWrap: 'wrap' }}
      />
      <Typography.Paragraph style={{ margin: 0 }}>
        {t(`siteEditor.domain.registrars.${registrar}.steps`, { host, target })}
      </Typography.Paragraph>
    </>
  )
}

/** Step 4's buttons: check now (while verifying) and remove, behind a confirmation. */
export const DomainActions = ({
  state,
  removeConfirm,
  removeLabel,
  onCheck,
  onRemove,
  checking,
  removing,
  disabled,
}: {
  state: DomainState
  removeConfirm: string
  removeLabel: string
  onCheck: () => void
  onRemove: () => void
  checking: boolean
  removing: boolean
  disabled: boolean
}) => {
  const { t } = useTranslation()
  return (
    <Flex gap={8} wrap>
      {state === 'VERIFYING' && (
        <Button type="primary" onClick={onCheck} loading={checking} disabled={disabled}>
          {t('siteEditor.domain.check')}
        </Button>
      )}
      <Popconfirm
        title={removeConfirm}
        okText={t('siteEditor.domain.removeOk')}
        cancelText={t('siteEditor.domain.cancel')}
        onConfirm={onRemove}
        disabled={disabled}
      >
        <Button danger loading={removing} disabled={disabled}>
          {removeLabel}
        </Button>
      </Popconfirm>
    </Flex>
  )
}
