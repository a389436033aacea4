'use client';
import { createContext, useContext } from 'react';
import type { StaffMeFieldsFragment } from '@/lib/painel/operations';

const StaffContext = createContext<StaffMeFieldsFragment | null>(null);

export const StaffProvider = StaffContext.Provider;

/** The signed-in staff member, inside the painel's gate. */
export function useStaff(): StaffMeFieldsFragment {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff fora do portão do painel');
  return staff;
}
