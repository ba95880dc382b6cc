import { Flex, Typography } from 'antd'
import type { ReactNode } from 'react'

/** A screen's one h1, at the console's heading size. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
      {children}
    </Typography.Title>
  )
}

/** The top row of a list or detail screen: its title on the left, its actions (links, buttons) on the right. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={16} style={{ marginBottom: 16 }}>
      <PageTitle>{title}</PageTitle>
      {children}
    </Flex>
  )
}
