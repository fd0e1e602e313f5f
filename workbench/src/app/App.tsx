import { Redirect, Route, Switch } from 'wouter';
import { useSnapshot } from 'valtio';
import { ConfirmHost, session } from '@fmea/sdk';
import { Toaster } from '@fmea/sdk/host';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from '../pages/ErrorPages.tsx';
import { LockingPage } from '../pages/LockingPage.tsx';
import { LoginPage } from '../pages/login/LoginPage.tsx';
import { BlankPage, RedirectLanding } from '../pages/RedirectLanding.tsx';
import { NavigationProgress } from '../shell/ProgressBars.tsx';
import { Guarded } from './Guarded.tsx';

/** A signed-in user opening the login goes home (spec 000 §2.2 item 3). */
function LoginRoute() {
  const snap = useSnapshot(session);
  return snap.token ? <Redirect to="/main/homeIndex" /> : <LoginPage />;
}

export function App() {
  return (
    <>
      <NavigationProgress />
      <Switch>
        <Route path="/" component={LoginRoute} />
        <Route path="/login2" component={LoginRoute} />
        <Route path="/locking" component={LockingPage} />
        <Route path="/blank" component={BlankPage} />
        <Route path="/403" component={ForbiddenPage} />
        <Route path="/404" component={NotFoundPage} />
        <Route path="/500" component={ServerErrorPage} />
        <Route path="/loginRedirect" component={RedirectLanding} />
        <Route path="/wechatLoginRedirect" component={RedirectLanding} />
        <Route path="/emailRedirect" component={RedirectLanding} />
        <Route path="/checkLoginOut" component={LoginRoute} />
        <Route component={Guarded} />
      </Switch>
      <ConfirmHost />
      <Toaster />
    </>
  );
}
