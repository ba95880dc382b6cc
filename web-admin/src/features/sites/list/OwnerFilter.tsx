import type { AccountType } from '@swipe/shared'
import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Profile, userDetailQuery, usersListQuery } from '../../../lib/accounts.ts'
import { useCurrentUser } from '../../shell/useCurrentUser.ts'

/**
 * Sites belong to the account a creator works for (docs/decisions/0014-site-builder.md):
 * a master, an OEM master or a direct user. OEM admins, master users and sub-admins build for
 * their parent, so they never own a site and are no choice here.
 */
const SITE_OWNER_TYPES: readonly AccountType[] = ['MASTER', 'OEM_MASTER', 'USER']

/** Accounts offered per search; typing narrows the list on the server. */
const OWNER_OPTIONS = 20
const SEARCH_DELAY_MS = 300

const accountName = (account: Pick<Profile, 'companyName' | 'email'>) => account.companyName ?? account.email

export interface OwnerFilterProps {
  /** The chosen owner's account id; undefined for every owner. */
  value: string | undefined
  onChange: (ownerId: string) => void
  /** The chosen owner's name as the list rows give it, shown until the account itself is loaded. */
  knownName?: string | null | undefined
}

/**
 * The parent-account filter of the site list: the accounts in the caller's scope from the users
 * API (GET /users), searched on the server by company name or email as the user types.
 */
export const OwnerFilter = ({ value, onChange, knownName }: OwnerFilterProps) => {
  const { t } = useTranslation()
  const info = useCurrentUser()
  const [search, setSearch] = useState('')
  const [term, setTerm] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search])

  const accounts = useQuery(usersListQuery({ q: term || undefined, limit: OWNER_OPTIONS }))
  const owners = (accounts.data?.items ?? []).filter((account) =>
    SITE_OWNER_TYPES.includes(account.accountType),
  )
  // The caller's own sites, when it builds for itself (a sub-admin's parent is not in its user info).
  const ownName = info.companyName ?? info.email
  const own =
    SITE_OWNER_TYPES.includes(info.accountType) &&
    (!term || ownName.toLowerCase().includes(term.toLowerCase()) || value === info.id)
      ? { value: info.id, label: t('siteList.filters.ownAccount', { name: ownName }) }
      : undefined
  const listed = Boolean(value && (value === own?.value || owners.some((owner) => owner.id === value)))
  // An owner chosen earlier (the address) that this search does not list: show its name, not its id.
  const chosen = useQuery({ ...userDetailQuery(value ?? ''), enabled: Boolean(value) && !listed })
  const chosenOption =
    value && !listed
      ? { value, label: chosen.data ? accountName(chosen.data) : (knownName ?? value) }
      : undefined

  return (
    <Select
      virtual={false}
      aria-label={t('siteList.filters.owner')}
      value={value ?? ''}
      onChange={(next: string) => {
        setSearch('')
        onChange(next)
      }}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      // A search left unfinished is dropped when the list closes, so the field shows the choice again.
      onOpenChange={(open) => {
        if (!open) setSearch('')
      }}
      loading={accounts.isFetching}
      notFoundContent={accounts.isFetching ? t('common.loading') : t('siteList.filters.noOwner')}
      options={[
        { value: '', label: t('siteList.filters.allOwners') },
        ...(own ? [own] : []),
        ...owners
          .filter((owner) => owner.id !== own?.value)
          .map((owner) => ({ value: owner.id, label: accountName(owner) })),
        ...(chosenOption ? [chosenOption] : []),
      ]}
      style={{ width: 260 }}
    />
  )
}
