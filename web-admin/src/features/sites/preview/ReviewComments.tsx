import { PREVIEW_COMMENT_MAX } from '@swipe/shared/contract/preview'
import { LANGUAGE_NAMES } from '@swipe/shared/site/languages'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Checkbox, Empty, Flex, Input, List, Segmented, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call, errorMessage } from '../../../lib/api.ts'
import { useToast } from '../../../lib/toast.ts'
import { type PreviewComment, previewKeys, useComments } from './api.ts'

/**
 * A comment's thread (issue 30 #11): the answers under it, each named from the reader's side (the
 * owner's answers are "you" to the owner and "the site's creator" to the reviewer), and a reply box.
 */
const Thread = ({ siteId, comment, owner }: { siteId: string; comment: PreviewComment; owner: boolean }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const client = useQueryClient()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const reply = useMutation({
    mutationFn: () =>
      call('preview.commentReply', { params: { siteId, commentId: comment.id }, body: { text } }),
    onSuccess: async () => {
      toast.success(t('preview.comments.replySent'))
      setText('')
      setOpen(false)
      await client.invalidateQueries({ queryKey: previewKeys.comments(siteId) })
    },
    onError: (error) => toast.error(errorMessage(error)),
  })
  const who = (author: string | null) =>
    author === null
      ? t(owner ? 'preview.comments.you' : 'preview.comments.creator')
      : owner
        ? author
        : t('preview.comments.you')
  return (
    <Flex vertical gap={4} style={{ paddingLeft: 12, borderLeft: '2px solid rgba(0,0,0,0.15)' }}>
      {comment.replies.map((r) => (
        <div key={r.id} data-testid={`reply-${r.id}`}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {who(r.author)} · {new Date(r.createdAt).toLocaleString()}
          </Typography.Text>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {r.text}
          </Typography.Paragraph>
        </div>
      ))}
      {open ? (
        <Flex vertical gap={4}>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={PREVIEW_COMMENT_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            aria-label={t('preview.comments.replyLabel', { cell: comment.cell })}
          />
          <Flex gap={4}>
            <Button
              size="small"
              type="primary"
              disabled={!text.trim()}
              loading={reply.isPending}
              onClick={() => reply.mutate()}
            >
              {t('preview.comments.replySend')}
            </Button>
            <Button size="small" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Button
          size="small"
          type="link"
          style={{ alignSelf: 'start', padding: 0 }}
          onClick={() => setOpen(true)}
        >
          {t('preview.comments.reply')}
        </Button>
      )}
    </Flex>
  )
}

/**
 * A comment's 「ブロック」 tag (issue 33): red while the comment is open and so stops publishing,
 * grey and struck through once resolved (it no longer stops anything).
 */
const BlockingTag = ({ comment }: { comment: PreviewComment }) => {
  const { t } = useTranslation()
  if (!comment.blocking) return null
  const open = comment.status === 'open'
  return (
    <Tag
      color={open ? 'red' : undefined}
      style={open ? undefined : { textDecoration: 'line-through' }}
      data-testid={`blocking-${comment.id}`}
    >
      {t('preview.comments.blocking')}
    </Tag>
  )
}

/**
 * The review comments of a site as a checklist (issue 16): each pinned to a language and a cell,
 * open or resolved; the owner ticks them off (`onOpenCell` jumps to the cell in the editor or the
 * preview). Viewers see their own comments, without the checkbox. Both sides answer in the
 * comment's thread. Open blocking comments stop publishing (issue 33): the owner sees how many
 * there are and marks an open comment blocking or not.
 */
export const ReviewComments = ({
  siteId,
  owner,
  onOpenCell,
}: {
  siteId: string
  owner: boolean
  onOpenCell?: (comment: PreviewComment) => void
}) => {
  const { t } = useTranslation()
  const toast = useToast()
  const { modal } = App.useApp()
  const client = useQueryClient()
  const comments = useComments(siteId)
  const [filter, setFilter] = useState<'open' | 'resolved'>('open')
  const update = useMutation({
    mutationFn: (input: { id: string } & ({ status: 'open' | 'resolved' } | { blocking: boolean })) => {
      const { id, ...body } = input
      return call('preview.commentUpdate', { params: { siteId, commentId: id }, body })
    },
    onSuccess: () => client.invalidateQueries({ queryKey: previewKeys.comments(siteId) }),
    onError: (error) => toast.error(errorMessage(error)),
  })
  // A reviewer asked for the block: lifting it lets the owner publish past them, so it is confirmed.
  const toggleBlocking = (c: PreviewComment) => {
    if (!c.blocking) return update.mutate({ id: c.id, blocking: true })
    if (c.author === null) return update.mutate({ id: c.id, blocking: false })
    modal.confirm({
      title: t('preview.comments.unblockConfirm'),
      okText: t('preview.comments.unblock'),
      okButtonProps: { danger: true },
      onOk: () => update.mutateAsync({ id: c.id, blocking: false }),
    })
  }
  const blockingOpen = (comments.data ?? []).filter((c) => c.blocking && c.status === 'open').length
  const items = (comments.data ?? []).filter((c) => !owner || c.status === filter)
  return (
    <Flex vertical gap={8}>
      {owner && blockingOpen > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('preview.comments.blockingCount', { count: blockingOpen })}
          data-testid="blocking-summary"
        />
      )}
      {owner && (
        <Segmented
          value={filter}
          onChange={(value) => setFilter(value as 'open' | 'resolved')}
          options={[
            { value: 'open', label: t('preview.comments.open') },
            { value: 'resolved', label: t('preview.comments.resolved') },
          ]}
        />
      )}
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.comments.empty')} />
      ) : (
        <List
          size="small"
          loading={comments.isLoading}
          dataSource={items}
          renderItem={(c) => (
            <List.Item data-testid={`comment-${c.cell}`}>
              <Flex gap={8} align="start" style={{ width: '100%' }}>
                {owner && (
                  <Checkbox
                    aria-label={t(
                      c.status === 'open' ? 'preview.comments.resolve' : 'preview.comments.reopen',
                    )}
                    checked={c.status === 'resolved'}
                    disabled={update.isPending}
                    onChange={(e) =>
                      update.mutate({ id: c.id, status: e.target.checked ? 'resolved' : 'open' })
                    }
                  />
                )}
                <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Flex gap={6} wrap align="center">
                    <Tag
                      color={c.status === 'open' ? 'orange' : 'green'}
                      style={{ cursor: onOpenCell ? 'pointer' : undefined }}
                      onClick={() => onOpenCell?.(c)}
                    >
                      {t('preview.comments.where', { lang: LANGUAGE_NAMES[c.lang], cell: c.cell })}
                    </Tag>
                    <BlockingTag comment={c} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {c.author ?? t('preview.comments.owner')} · {new Date(c.createdAt).toLocaleString()}
                    </Typography.Text>
                    {/* A resolved comment stops nothing: its block matters again only once reopened. */}
                    {owner && c.status === 'open' && (
                      <Button
                        size="small"
                        type="link"
                        danger={!c.blocking}
                        style={{ padding: 0, marginLeft: 'auto' }}
                        disabled={update.isPending}
                        onClick={() => toggleBlocking(c)}
                      >
                        {t(c.blocking ? 'preview.comments.unblock' : 'preview.comments.block')}
                      </Button>
                    )}
                  </Flex>
                  <Typography.Paragraph
                    style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                  >
                    {c.text}
                  </Typography.Paragraph>
                  <Thread siteId={siteId} comment={c} owner={owner} />
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  )
}
