import { useQueryClient } from '@tanstack/react-query';
import { deskKeys } from '../api';

/** After a change to a ticket: the ticket, the desk's lists and its stats are fetched again. */
export function useRefreshDeskTicket(ticketNumber: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: deskKeys.ticket(ticketNumber) });
    void queryClient.invalidateQueries({ queryKey: deskKeys.lists });
    void queryClient.invalidateQueries({ queryKey: deskKeys.stats });
  };
}
