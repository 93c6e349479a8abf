import { coachConversation as chat } from '../content/home'
import { Icon } from '../ui/icon'
import { AppBar, AppIcon, Bubble, Figure, Messages, Phone, PlanCard, Screen } from './coach-phone.styles'

/** The product itself on the landing page: a phone showing a short intake conversation and the plan it
 * produced. Real text in a list, so screen readers read it as a conversation; the frame is decoration. */
export function CoachPhone() {
  return (
    <Figure aria-labelledby="coach-phone-caption">
      <Phone>
        <Screen>
          <AppBar aria-hidden="true">
            <AppIcon>
              <Icon name="coach" />
            </AppIcon>
            <div>
              <strong>{chat.appTitle}</strong>
              <span>{chat.appStatus}</span>
            </div>
          </AppBar>
          <Messages>
            {chat.messages.map((message) => (
              <Bubble key={message.text} $from={message.from}>
                <span className="visually-hidden">{chat.speakers[message.from]}: </span>
                {message.text}
              </Bubble>
            ))}
            <PlanCard>
              <strong>
                <span className="visually-hidden">{chat.speakers.coach}: </span>
                {chat.plan.title}
              </strong>
              <ul>
                {chat.plan.sessions.map((session) => (
                  <li key={session.day}>
                    <b>{session.day}</b>
                    <span>{session.name}</span>
                    <small>{session.minutes} min</small>
                  </li>
                ))}
              </ul>
              <p>{chat.plan.note}</p>
            </PlanCard>
          </Messages>
        </Screen>
      </Phone>
      <figcaption id="coach-phone-caption">{chat.caption}</figcaption>
    </Figure>
  )
}
