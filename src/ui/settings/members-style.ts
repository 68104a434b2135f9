/** The look of the Members page's role selects (native selects: keyboard and screen readers for free). */
export const roleSelectStyle = { h: '8', px: '2', borderWidth: '1px', borderRadius: 'md', bg: 'bg' } as const;
