import { createContext } from 'react'

/** Whether antd animates; tests turn it off because jsdom never ends a CSS transition. */
export const MotionContext = createContext(true)
