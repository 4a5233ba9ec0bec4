import { Layout, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import './sign-in-step.css';
import { BrandMark } from '../../../ui/glyphs';

/** The page around a sign-in step (forced change, 2FA enrolment): the brand, a title, one narrow column. */
export function SignInStepFrame({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} - Backroom`;
  }, [title]);
  return (
    <Layout className="sign-in-step">
      <main className="sign-in-step-body">
        <div className="sign-in-step-brand">
          <BrandMark size={32} />
          <span>Backroom</span>
        </div>
        <Typography.Title level={1} className="sign-in-step-title">
          {title}
        </Typography.Title>
        {children}
      </main>
    </Layout>
  );
}
