interface PageTitleBannerProps {
  title: string;
  subtitle?: string;
}

/** The shared title banner that heads catalogue and information pages. */
export function PageTitleBanner({ title, subtitle }: PageTitleBannerProps) {
  return (
    <section className="relative overflow-hidden bg-forest-800 text-cream-50">
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-20 [background:radial-gradient(circle_at_20%_30%,#f0a43a_0,transparent_35%),radial-gradient(circle_at_80%_70%,#fbf6ea_0,transparent_30%)]"
      />
      <div className="container-page relative py-10 sm:py-14">
        <h1 className="font-display text-3xl font-semibold sm:text-5xl">{title}</h1>
        {subtitle && <p className="mt-2 max-w-2xl text-cream-200">{subtitle}</p>}
      </div>
    </section>
  );
}
