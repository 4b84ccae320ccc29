import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RedirectIfSignedIn, RequireAuth } from './auth/route-guards';
import { AppErrorBoundary } from './components/AppErrorBoundary';
import { FullScreenLoader } from './components/FullScreenLoader';
import { ScrollToTop } from './components/ScrollToTop';

// Toasts for every page but the landing page (components/ToastLayout.tsx says why)
const ToastLayout = lazy(() => import('./components/ToastLayout'));
// Public pages (features/landing, features/auth)
const loadLandingPage = () => import('./features/landing/LandingPage');
const LazyLandingPage = lazy(loadLandingPage);
let loadedLandingPage: ComponentType | undefined;

/**
 * Loads the landing page's code ahead of the first render. main.tsx awaits it before React adopts the landing page
 * drawn at build time: a part that suspends while being adopted is adopted later, and an update reaching it first
 * (the session check answering) makes React throw that HTML away and draw the page again, with a loader between.
 */
export async function preloadLandingPage(): Promise<void> {
  loadedLandingPage = (await loadLandingPage()).default;
}

/** The landing page, drawn at once when preloaded, lazily otherwise; chosen once per mount, so it never swaps. */
function LandingPage() {
  const [Page] = useState(() => loadedLandingPage ?? LazyLandingPage);
  return <Page />;
}
const LoginPage = lazy(() => import('./features/auth/LoginPage'));
const TermsPage = lazy(() => import('./features/auth/TermsPage'));
const RegisterPage = lazy(() => import('./features/auth/RegisterPage'));
const VerifyPage = lazy(() => import('./features/auth/VerifyPage'));
const ForgotPasswordPage = lazy(() => import('./features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./features/auth/ResetPasswordPage'));
// Signed-in pages
const AppShell = lazy(() => import('./features/shell/AppShell'));
const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage'));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage'));
const TransfersPage = lazy(() => import('./features/transfers/TransfersPage'));
const TransactionsPage = lazy(() => import('./features/transactions/TransactionsPage'));
const TransactionDetailPage = lazy(() => import('./features/transactions/TransactionDetailPage'));
const FeesPage = lazy(() => import('./features/fees/FeesPage'));
const DepositChequePage = lazy(() => import('./features/cheques/DepositChequePage'));
const LoansPage = lazy(() => import('./features/loans/LoansPage'));
const DepositsPage = lazy(() => import('./features/deposits/DepositsPage'));
const CardsPage = lazy(() => import('./features/cards/CardsPage'));
const CryptoPage = lazy(() => import('./features/crypto/CryptoPage'));
const AccountsPage = lazy(() => import('./features/accounts/AccountsPage'));
const AccountDetailsPage = lazy(() => import('./features/accounts/AccountDetailsPage'));
const MoveMoneyPage = lazy(() => import('./features/accounts/MoveMoneyPage'));
const NotFoundPage = lazy(() => import('./features/not-found/NotFoundPage'));

export function App() {
  return (
    <>
      <ScrollToTop />
      <AppErrorBoundary>
        <Suspense fallback={<FullScreenLoader />}>
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route element={<ToastLayout />}>
              <Route path="/auth/terms" element={<TermsPage />} />
              <Route path="/auth/register" element={<RegisterPage />} />
              <Route path="/auth/verify" element={<VerifyPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route element={<RedirectIfSignedIn />}>
                <Route path="/auth" element={<LoginPage />} />
                <Route path="/auth/login" element={<LoginPage />} />
              </Route>
              <Route
                element={
                  <RequireAuth>
                    <AppShell />
                  </RequireAuth>
                }
              >
                <Route path="/dashboard" element={<DashboardPage />} />
                <Route path="/accounts" element={<AccountsPage />} />
                <Route path="/accounts/:id" element={<AccountDetailsPage />} />
                <Route path="/move-money" element={<MoveMoneyPage />} />
                <Route path="/transfers" element={<TransfersPage />} />
                <Route path="/transactions" element={<TransactionsPage />} />
                <Route path="/transactions/:reference" element={<TransactionDetailPage />} />
                <Route path="/profile" element={<ProfilePage />} />
                <Route path="/fees" element={<FeesPage />} />
                <Route path="/deposit-cheque" element={<DepositChequePage />} />
                <Route path="/crypto" element={<CryptoPage />} />
                <Route path="/cards" element={<CardsPage />} />
                <Route path="/loans" element={<LoansPage />} />
                <Route path="/deposits" element={<DepositsPage />} />
              </Route>
              <Route path="/home" element={<Navigate to="/" replace />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Suspense>
      </AppErrorBoundary>
    </>
  );
}
