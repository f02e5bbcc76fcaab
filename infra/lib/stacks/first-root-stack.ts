import { CfnOutput, CustomResource, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

export interface FirstRootStackProps extends StackProps {
  /** The address of the first root administrator (the `rootEmail` setting). */
  email: string;
  language: 'fr' | 'en';
  /** The API stack's first-root function. */
  provisioner: lambda.IFunction;
}

/**
 * The deployment's first root administrator, as a custom resource deployed after the web stack (so
 * that the e-mailed link carries the site's address). Created: the root is made and its link
 * e-mailed, unless a root administrator exists. A changed address is an update that makes nobody
 * and says which root exists (the outputs); removing the setting leaves this stack as it was
 * (`cdk deploy` never deletes a stack), and the resource's deletion removes no user.
 */
export class FirstRootStack extends Stack {
  constructor(scope: Construct, id: string, props: FirstRootStackProps) {
    super(scope, id, props);
    const root = new CustomResource(this, 'FirstRoot', {
      resourceType: 'Custom::FirstRoot',
      serviceToken: props.provisioner.functionArn,
      serviceTimeout: Duration.minutes(2),
      properties: { Email: props.email, Language: props.language },
    });
    new CfnOutput(this, 'RootEmail', { value: root.getAttString('RootEmail'), description: "The root administrator's address (the one that exists, when it was there before)" });
    new CfnOutput(this, 'RootOutcome', { value: root.getAttString('Outcome'), description: '`created` (made by this deploy) or `exists` (made before: nothing was made)' });
    new CfnOutput(this, 'RootMail', { value: root.getAttString('Mail'), description: "The set-password e-mail: `sent`, `pending` (SES refused it; the outbox sweep tries again) or `none`" });
  }
}
