import { PAGE_META } from '../../../shared/page-meta.js';
import { PUBLIC_PAGE_PATHS } from '../../../shared/page-routes.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.js';
import { PublicPageLayout } from '../marketing/public-page-layout.js';
import { ContactDetails } from './contact-details.js';
import { ContactForm } from './contact-form.js';

/** /contact (spec extended 2): the form, and when to expect an answer. */
export function ContactPage() {
  return (
    <PublicPageLayout title={PAGE_META[PUBLIC_PAGE_PATHS.contact].title} className="bg-muted/40">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:py-16">
        <div className="grid gap-3 text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
          <p className="mx-auto max-w-2xl text-muted-foreground">
            Questions about VendVote, your plan or your machines? Send us a message and our team will get back to you by email.
          </p>
        </div>
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <Card>
            <CardHeader>
              <CardTitle>Send us a message</CardTitle>
              <CardDescription>All fields are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm />
            </CardContent>
          </Card>
          <ContactDetails />
        </div>
      </div>
    </PublicPageLayout>
  );
}
