import { contextHandler } from '#lib/router'
import * as bills from './bills.ts'
import * as card from './card.ts'
import { closeMonth, monthToClose } from './close.ts'
import * as dashboard from './dashboard.ts'
import * as plans from './plans.ts'
import * as userPlan from './user-plan.ts'
import * as webhook from './webhook.ts'

export const handler = contextHandler(
  'billing',
  {
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
  },
  {
    /**
     * The monthly closing run: EventBridge Scheduler invokes the jobs Lambda at 00:00 JST on the
     * 1st with `{ source: 'swipe.job', context: 'billing', type: 'close', id: 'scheduled' }`; it
     * closes the month that just ended (or `input.month`).
     */
    close: async (event) => {
      await closeMonth(event.input?.month ?? monthToClose(Date.now()))
    },
  },
)
