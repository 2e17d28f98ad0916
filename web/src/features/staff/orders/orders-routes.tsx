// The staff orders screens under /admin/orders/*: the list, the new-order form and one order. One
// entry in the app's router for all three keeps the router code every page loads (the landing page
// too) as small as it was; each screen is still its own chunk, loaded when it is first drawn (the
// root layout's Suspense waits for it, as for every route).
import { lazy } from 'react';
import { Navigate, useRoutes } from 'react-router';

const OrdersPage = lazy(async () => ({ default: (await import('./orders-page')).OrdersPage }));
const NewOrderPage = lazy(async () => ({ default: (await import('./new-order-page')).NewOrderPage }));
const OrderDetailPage = lazy(async () => ({ default: (await import('./order-detail-page')).OrderDetailPage }));

export function OrdersRoutes() {
  return useRoutes([
    { index: true, element: <OrdersPage /> },
    { path: 'new', element: <NewOrderPage /> },
    { path: ':reference', element: <OrderDetailPage /> },
    // Deeper paths are no screen: back to the list.
    { path: '*', element: <Navigate to="/admin/orders" replace /> },
  ]);
}
