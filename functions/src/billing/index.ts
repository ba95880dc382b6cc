import { contextHandler } from '#edge/router'
import { declareAwsAdapters } from '#platform'
import { invokedPayments } from '#platform/aws/invoked-payments'
import { awsMail } from '#platform/aws/mail'
import * as bills from './bills.ts'
import * as card from './card.ts'
import * as dashboard from './dashboard.ts'
import * as plans from './plans.ts'
import * as userPlan from './user-plan.ts'
import * as webhook from './webhook.ts'

// The large AWS adapters this Lambda's code uses (functions/src/platform/aws/index.ts).
declareAwsAdapters({ payments: invokedPayments, mail: awsMail })

export const handler = contextHandler('billing', {
  listPlans: { handler: plans.list },
  createPlan: { handler: plans.create },
  updatePlan: { handler: plans.update },
  userPlan: { handler: userPlan.get },
  changePlan: { handler: userPlan.change },
  listBills: { handler: bills.list },
  billPdf: { handler: bills.pdf },
  forceComplete: { handler: bills.forceComplete },
  paymentCard: { handler: card.get },
  cardSetup: { handler: card.setup },
  removeCard: { handler: card.remove },
  stripeWebhook: webhook,
  dashboardRegistrations: { handler: dashboard.registrations },
  dashboardSites: { handler: dashboard.sites },
  dashboardAdoption: { handler: dashboard.adoption },
  dashboardRevenue: { handler: dashboard.revenue },
})
