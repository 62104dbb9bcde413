import classes from './LandingPage.module.css';

/**
 * The landing page's read-only content [product: LAND-9, LAND-31, LAND-32, LAND-33]: the dashboard preview, the
 * feature tiles, the statistics, testimonials and customers, the contact details and the footer. Plain HTML and
 * the page's CSS, no Mantine components: it is rendered at build time and kept as HTML by the browser
 * (StaticIsland), and loaded as code only when the page is rendered in the browser.
 */

/** Stroke icons (24 px grid), drawn with one path each. */
const icons = {
  pulse: 'M3 12h4l3-8 4 16 3-8h4',
  bell: 'M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 21a2 2 0 0 0 4 0',
  patch: 'M12 3v12m0 0-4-4m4 4 4-4M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2',
  remote: 'M3 5h18v11H3zM8 21h8M12 16v5',
  script: 'M8 9l-4 3 4 3M16 9l4 3-4 3M13 6l-2 12',
  inventory: 'M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10',
  tenants:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3 3-5 6-5s6 2 6 5M17 11a3 3 0 1 0 0-6M21 20c0-3-2-5-4-5',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  phone: 'M5 4h4l2 5-3 2a11 11 0 0 0 5 5l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 6a2 2 0 0 1 2-2',
  pin: 'M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
} as const;

function Icon({ name }: { name: keyof typeof icons }) {
  return (
    <svg className={classes.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={icons[name]} />
    </svg>
  );
}

const previewDevices = [
  { name: 'SRV-DC01', detail: 'Windows Server 2022', cpu: 23, status: 'ok' },
  { name: 'MAC-DESIGN-04', detail: 'macOS 15', cpu: 61, status: 'ok' },
  { name: 'NAS-BACKUP', detail: 'Disk 91 % full', cpu: 12, status: 'warn' },
  { name: 'FW-EDGE-02', detail: 'Firmware update ready', cpu: 8, status: 'info' },
] as const;

/** The hero's mock dashboard: a picture of the product, not a live view, so it is hidden from screen readers. */
export function HeroPreview() {
  return (
    <div className={classes.preview} aria-hidden="true">
      <div className={classes.previewBar}>
        <span className={classes.previewDot} />
        <span className={classes.previewDot} />
        <span className={classes.previewDot} />
        <span className={classes.previewTitle}>Fleet overview</span>
      </div>
      <div className={classes.previewStats}>
        <div>
          <strong>1,284</strong>
          <span>Devices online</span>
        </div>
        <div>
          <strong>3</strong>
          <span>Open alerts</span>
        </div>
        <div>
          <strong>98.7%</strong>
          <span>Patched</span>
        </div>
      </div>
      <div className={classes.previewChart}>
        {[40, 55, 48, 62, 58, 71, 66, 80, 74, 86, 79, 90].map((height, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed picture; the bars never move.
          <span key={index} style={{ height: `${height}%` }} />
        ))}
      </div>
      <ul className={classes.previewList}>
        {previewDevices.map((device) => (
          <li key={device.name}>
            <span className={classes.previewStatus} data-status={device.status} />
            <span className={classes.previewName}>
              {device.name}
              <small>{device.detail}</small>
            </span>
            <span className={classes.previewCpu}>CPU {device.cpu}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const features = [
  {
    icon: 'pulse',
    title: 'Real-Time Monitoring',
    text: 'CPU, memory, disk, services and network health from every endpoint, refreshed every few seconds.',
  },
  {
    icon: 'bell',
    title: 'Smart Alerting',
    text: 'Threshold and anomaly alerts by email and push, with escalation rules and quiet hours per client.',
  },
  {
    icon: 'patch',
    title: 'Patch Management',
    text: 'Approve and schedule operating-system and third-party patches by policy, in rings, with rollback.',
  },
  {
    icon: 'remote',
    title: 'Remote Access',
    text: 'One-click, encrypted remote sessions to Windows, macOS and Linux machines without a VPN.',
  },
  {
    icon: 'script',
    title: 'Automation & Scripting',
    text: 'Run PowerShell, Bash and Python across whole fleets, on a schedule or in answer to an alert.',
  },
  {
    icon: 'inventory',
    title: 'Asset Inventory',
    text: 'Hardware, software and warranty data discovered automatically and kept current on its own.',
  },
  {
    icon: 'tenants',
    title: 'Multi-Tenant Console',
    text: 'Clients, sites and technician permissions kept apart in one console built for service providers.',
  },
  {
    icon: 'shield',
    title: 'Security & Compliance',
    text: 'Antivirus state, disk encryption and policy drift in one report, ready for the next audit.',
  },
  {
    icon: 'chart',
    title: 'Reports & Insights',
    text: 'Scheduled uptime, SLA and health reports your clients will actually read.',
  },
] as const;

export function FeatureTiles() {
  return (
    <>
      <header className={classes.sectionHeader}>
        <p className={classes.eyebrow}>Features</p>
        <h2 className={classes.sectionTitle}>Everything your team needs to run every device</h2>
        <p className={classes.sectionLead}>
          One agent, one console: monitoring, patching, remote access and automation for every endpoint you
          look after.
        </p>
      </header>
      <ul className={classes.featureGrid}>
        {features.map((feature) => (
          <li key={feature.title} className={classes.featureTile}>
            <span className={classes.featureIcon}>
              <Icon name={feature.icon} />
            </span>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** [product: LAND-31] The statistics are marketing copy, not measurements. */
const statistics = [
  { value: '500K+', label: 'Devices Monitored' },
  { value: '99.9%', label: 'Uptime' },
  { value: '<30s', label: 'Response Time' },
  { value: '2000+', label: 'Happy Customers' },
] as const;

const testimonials = [
  {
    quote:
      'We cut our ticket volume by a third in the first quarter. Alerts reach us before our clients notice anything is wrong.',
    name: 'Maria Chen',
    role: 'Operations Lead, Northwind IT Services',
  },
  {
    quote:
      'Rolling the agent out to 400 endpoints took one afternoon. Patch compliance went from 71% to 98% in six weeks.',
    name: 'James Okafor',
    role: 'IT Director, Harbor Health Clinics',
  },
  {
    quote:
      'The multi-tenant console is the first one our technicians actually like: one screen, every client, no tab juggling.',
    name: 'Sofia Lindqvist',
    role: 'Founder, Fjord Managed Services',
  },
] as const;

const customers = [
  'Northwind IT Services',
  'Harbor Health Clinics',
  'Fjord Managed Services',
  'Summit Logistics',
  'Brightline Schools',
  'Cobalt Legal Group',
] as const;

export function SocialProof() {
  return (
    <>
      <dl className={classes.stats}>
        {statistics.map((statistic) => (
          <div key={statistic.label}>
            <dt>{statistic.label}</dt>
            <dd>{statistic.value}</dd>
          </div>
        ))}
      </dl>
      <header className={classes.sectionHeader}>
        <p className={classes.eyebrow}>Customers</p>
        <h2 className={classes.sectionTitle}>Trusted by IT teams and service providers</h2>
      </header>
      <ul className={classes.testimonials}>
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <figure>
              <blockquote>“{testimonial.quote}”</blockquote>
              <figcaption>
                <strong>{testimonial.name}</strong>
                <span>{testimonial.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <ul className={classes.customers} aria-label="Customers">
        {customers.map((customer) => (
          <li key={customer}>{customer}</li>
        ))}
      </ul>
    </>
  );
}

/** [product: LAND-33] Placeholders until the company's real addresses are settled. */
export function ContactDetails() {
  return (
    <>
      <h3 className={classes.contactHeading}>Talk to our team</h3>
      <p className={classes.contactLead}>
        Book a 30-minute demo, ask about pricing for larger fleets, or tell us what you need from an RMM.
      </p>
      <ul className={classes.contactList}>
        <li>
          <Icon name="mail" />
          <span>sales@beaconrmm.example</span>
        </li>
        <li>
          <Icon name="phone" />
          <span>+1 (555) 013-2870</span>
        </li>
        <li>
          <Icon name="pin" />
          <span>100 Example Street, Suite 400, Springfield</span>
        </li>
        <li>
          <Icon name="clock" />
          <span>Monday to Friday, 9:00 to 18:00 ET</span>
        </li>
      </ul>
    </>
  );
}

/** Footer entries that lead nowhere yet [product: LAND-33] are plain text, not links to nowhere. */
const placeholderLinks = {
  Company: ['About', 'Careers', 'Blog'],
  Legal: ['Privacy Policy', 'Terms of Service', 'Security'],
} as const;

export function FooterContent() {
  return (
    <div className={classes.footerInner}>
      <div className={classes.footerBrand}>
        <strong>Beacon RMM</strong>
        <p>Remote monitoring and management for IT teams and managed service providers.</p>
      </div>
      <nav aria-label="Footer" className={classes.footerColumns}>
        <div>
          <h2>Product</h2>
          <ul>
            <li>
              <a href="#features">Features</a>
            </li>
            <li>
              <a href="#pricing">Pricing</a>
            </li>
            <li>
              <a href="#contact">Contact</a>
            </li>
          </ul>
        </div>
        {Object.entries(placeholderLinks).map(([group, entries]) => (
          <div key={group}>
            <h2>{group}</h2>
            <ul>
              {entries.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <p className={classes.copyright}>© 2026 Beacon RMM. All rights reserved.</p>
    </div>
  );
}
