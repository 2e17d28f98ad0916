import { Outlet } from 'react-router';

/** Placeholder until the PIN gate lands: the gate's own issue fills this layout. */
export function StaffGateLayout() {
  return <Outlet />;
}
