/** The demo creator (a user under an OEM) whose プラン確認 the billing tests render. */
export const creatorUser = {
  id: 'user-1',
  account_type: 'USER',
  parent_type: 'OEM_MASTER',
  user_type_segment: 'adminuser',
  company_name: 'デモクリエイター合同会社',
  menu_areas: ['summary', 'checkPlan'],
}

/** `GET /user/user-plan` for that creator on the standard plan; a test overrides what it is about. */
export const userPlanAnswer = (overrides: Record<string, unknown> = {}) => ({
  account_id: 'user-1',
  company_name: 'デモクリエイター合同会社',
  plan: {
    id: 'standard',
    name: 'スタンダード',
    price: 29_800,
    quantity_swipe: 30,
    quantity_site: 3,
    limit_access: 50_000,
    limit_access_price: 100,
    history_days: 90,
  },
  pending: null,
  usage: {
    month: '2026-11',
    sites: 1,
    blocks: 9,
    page_views: 0,
    projected_page_views: 0,
    projected_page_view_fee: 0,
  },
  contract: { minimum_months: 12, initial_fee: 100_000, start_date: null, end_date: null },
  bills: [],
  ...overrides,
})
